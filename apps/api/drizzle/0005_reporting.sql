-- Reports, cuts and supplier statistics bill the finished trips that ended in a range:
-- a partial index on the end time keeps a month's report on the index instead of the whole table.
CREATE INDEX IF NOT EXISTS "intermediate_routes_finished_ended_idx" ON "intermediate_routes" USING btree ("ended_at") WHERE "status" = 'Finished';
--> statement-breakpoint
-- Riders of a trip (count of boarded services per trip) from the index alone.
CREATE INDEX IF NOT EXISTS "transport_services_boarded_trip_idx" ON "transport_services" USING btree ("intermediate_route_id", "employee_id") WHERE "status" = 'Boarded';
