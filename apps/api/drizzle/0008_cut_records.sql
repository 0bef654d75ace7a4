-- Issue 11: a cut is a fixed record. `cuts` keeps its totals and `cut_trips` one row per billed
-- trip as it was when the cut was made (names, times, costs, evidence); cut reports by cutId read
-- only these rows. The primary key on the trip makes "no trip in two cuts" a database rule.
CREATE TABLE "cut_trips" (
	"intermediate_route_id" integer PRIMARY KEY NOT NULL,
	"cut_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"planned_departure_at" timestamp with time zone,
	"route_name" text NOT NULL,
	"kind" text NOT NULL,
	"supplier_id" integer NOT NULL,
	"supplier_name" text NOT NULL,
	"driver_id" integer NOT NULL,
	"driver_name" text NOT NULL,
	"vehicle" text,
	"destination_name" text,
	"riders" integer NOT NULL,
	"manual_boardings" integer NOT NULL,
	"cost_cents" bigint NOT NULL,
	"km" double precision NOT NULL,
	"minutes_late" integer,
	CONSTRAINT "cut_trips_kind_check" CHECK ("cut_trips"."kind" in ('scheduled', 'notScheduled'))
);
--> statement-breakpoint
ALTER TABLE "cuts" ADD COLUMN "trips" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cuts" ADD COLUMN "collaborators" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cuts" ADD COLUMN "total_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cut_trips" ADD CONSTRAINT "cut_trips_intermediate_route_id_intermediate_routes_id_fk" FOREIGN KEY ("intermediate_route_id") REFERENCES "public"."intermediate_routes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cut_trips" ADD CONSTRAINT "cut_trips_cut_id_cuts_id_fk" FOREIGN KEY ("cut_id") REFERENCES "public"."cuts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cut_trips_cut_ended_idx" ON "cut_trips" USING btree ("cut_id","ended_at","intermediate_route_id");--> statement-breakpoint
CREATE INDEX "cut_trips_ended_idx" ON "cut_trips" USING btree ("ended_at");--> statement-breakpoint
CREATE INDEX "cuts_until_at_idx" ON "cuts" USING btree ("until_at");--> statement-breakpoint
CREATE INDEX "intermediate_routes_uncut_ended_idx" ON "intermediate_routes" USING btree ("ended_at") WHERE "intermediate_routes"."status" = 'Finished' and "intermediate_routes"."cut_id" is null;--> statement-breakpoint
-- Cuts made before this migration: their trips as they are now (the names could not be known
-- before; the planned departure of a scheduled route needs the caller's zone, so it stays empty).
INSERT INTO "cut_trips" ("intermediate_route_id", "cut_id", "started_at", "ended_at", "planned_departure_at",
	"route_name", "kind", "supplier_id", "supplier_name", "driver_id", "driver_name", "vehicle",
	"destination_name", "riders", "manual_boardings", "cost_cents", "km", "minutes_late")
SELECT t.id, t.cut_id, t.started_at, t.ended_at, rn.scheduled_at,
	coalesce(r.name, rn.name), CASE WHEN t.route_id IS NULL THEN 'notScheduled' ELSE 'scheduled' END,
	t.supplier_id, sp.name, t.driver_id, d.name || ' ' || d.lastname,
	nullif(concat_ws(' ', d.vehicle_plate, d.vehicle_model), ''), de.name,
	coalesce(tr.riders, 0),
	(SELECT count(*) FROM transport_services s WHERE s.intermediate_route_id = t.id AND s.status = 'Boarded' AND s.boarding_method = 'manual'),
	round(t.cost * 100)::bigint,
	coalesce((SELECT sum(2 * 6371.0088 * asin(sqrt(power(sin(radians(p.latitude - p.prev_latitude) / 2), 2)
		+ cos(radians(p.prev_latitude)) * cos(radians(p.latitude)) * power(sin(radians(p.longitude - p.prev_longitude) / 2), 2))))
		FROM (SELECT tp.latitude, tp.longitude, lag(tp.latitude) OVER w AS prev_latitude, lag(tp.longitude) OVER w AS prev_longitude
			FROM trip_positions tp WHERE tp.intermediate_route_id = t.id WINDOW w AS (ORDER BY tp.recorded_at, tp.id)) p
		WHERE p.prev_latitude IS NOT NULL), 0)::float8,
	CASE WHEN rn.scheduled_at IS NULL THEN NULL ELSE round(extract(epoch FROM t.started_at - rn.scheduled_at) / 60)::int END
FROM intermediate_routes t
	JOIN suppliers sp ON sp.id = t.supplier_id
	JOIN drivers d ON d.id = t.driver_id
	LEFT JOIN routes r ON r.id = t.route_id
	LEFT JOIN routes_not_scheduled rn ON rn.id = t.route_not_scheduled_id
	LEFT JOIN destinations de ON de.id = coalesce(r.destination_id, rn.destination_id)
	LEFT JOIN trip_riders tr ON tr.intermediate_route_id = t.id
WHERE t.cut_id IS NOT NULL AND t.ended_at IS NOT NULL;--> statement-breakpoint
UPDATE "cuts" c SET "trips" = x.trips, "collaborators" = x.collaborators, "total_cents" = x.total_cents
FROM (SELECT cut_id, count(*)::int AS trips, sum(riders)::int AS collaborators, sum(cost_cents)::bigint AS total_cents
	FROM cut_trips GROUP BY cut_id) x
WHERE x.cut_id = c.id;
