-- Reports, cuts and supplier statistics bill the finished trips that ended in a range:
-- a partial index on the end time keeps a month's report on the index instead of the whole table.
CREATE INDEX IF NOT EXISTS "intermediate_routes_finished_ended_idx" ON "intermediate_routes" USING btree ("ended_at") WHERE "status" = 'Finished';
--> statement-breakpoint
-- A cut's trips newest first (cut detail and its export read them in keyset batches).
CREATE INDEX IF NOT EXISTS "intermediate_routes_cut_started_idx" ON "intermediate_routes" USING btree ("cut_id", "started_at", "id") WHERE "cut_id" IS NOT NULL;
--> statement-breakpoint
-- Services of a trip by status and employee from the index alone, already in the order the
-- per-collaborator split ranks them (collaborator and branch office reports).
CREATE INDEX IF NOT EXISTS "transport_services_trip_status_employee_idx" ON "transport_services" USING btree ("intermediate_route_id", "status", "employee_id");
--> statement-breakpoint
-- Riders per trip (boarded services), kept by statement-level triggers on transport_services, so a
-- report reads one row per trip instead of counting its boardings (a year is ~3M boardings).
CREATE TABLE IF NOT EXISTS "trip_riders" (
	"intermediate_route_id" integer PRIMARY KEY NOT NULL REFERENCES "intermediate_routes"("id") ON DELETE cascade,
	"riders" integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO "trip_riders" ("intermediate_route_id", "riders")
SELECT "intermediate_route_id", count(*) FROM "transport_services" WHERE "status" = 'Boarded' GROUP BY 1
ON CONFLICT ("intermediate_route_id") DO UPDATE SET "riders" = excluded."riders";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "trip_riders_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO trip_riders (intermediate_route_id, riders)
    SELECT intermediate_route_id, count(*) FROM new_rows WHERE status = 'Boarded' GROUP BY 1
    ON CONFLICT (intermediate_route_id) DO UPDATE SET riders = trip_riders.riders + excluded.riders;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO trip_riders (intermediate_route_id, riders)
    SELECT trip, sum(delta) FROM (
      SELECT intermediate_route_id AS trip, 1 AS delta FROM new_rows WHERE status = 'Boarded'
      UNION ALL
      SELECT intermediate_route_id, -1 FROM old_rows WHERE status = 'Boarded'
    ) changes GROUP BY trip HAVING sum(delta) <> 0
    ON CONFLICT (intermediate_route_id) DO UPDATE SET riders = trip_riders.riders + excluded.riders;
  ELSE
    -- Only existing rows: a trip being deleted takes its row with it (cascade).
    UPDATE trip_riders r SET riders = r.riders - d.n
    FROM (SELECT intermediate_route_id, count(*) AS n FROM old_rows WHERE status = 'Boarded' GROUP BY 1) d
    WHERE r.intermediate_route_id = d.intermediate_route_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "transport_services_riders_insert" AFTER INSERT ON "transport_services"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "trip_riders_apply"();
--> statement-breakpoint
CREATE TRIGGER "transport_services_riders_update" AFTER UPDATE ON "transport_services"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "trip_riders_apply"();
--> statement-breakpoint
CREATE TRIGGER "transport_services_riders_delete" AFTER DELETE ON "transport_services"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "trip_riders_apply"();
