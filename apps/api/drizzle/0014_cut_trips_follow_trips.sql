-- A frozen trip stays marked with the cut that froze it (decision 0035): cut_trips references the
-- trip's (id, cut_id), so Cut/check no longer joins every cut trip of history with its trip. The
-- unique (cut_id, id) also serves every lookup the plain cut_id index served.
ALTER TABLE "intermediate_routes" ADD CONSTRAINT "intermediate_routes_cut_id_key" UNIQUE("cut_id","id");--> statement-breakpoint
DROP INDEX "intermediate_routes_cut_idx";--> statement-breakpoint
ALTER TABLE "cut_trips" ADD CONSTRAINT "cut_trips_trip_cut_fkey" FOREIGN KEY ("intermediate_route_id","cut_id") REFERENCES "public"."intermediate_routes"("id","cut_id") ON DELETE no action ON UPDATE no action;
