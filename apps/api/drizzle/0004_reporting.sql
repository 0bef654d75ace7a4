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
-- Riders per trip (boarded services) and its canceled services, kept by statement-level triggers on
-- transport_services, so a report or a statistic reads one row per trip instead of counting its
-- services (a year is ~3M boardings).
CREATE TABLE IF NOT EXISTS "trip_riders" (
	"intermediate_route_id" integer PRIMARY KEY NOT NULL REFERENCES "intermediate_routes"("id") ON DELETE cascade,
	"riders" integer NOT NULL DEFAULT 0,
	"canceled" integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO "trip_riders" ("intermediate_route_id", "riders", "canceled")
SELECT "intermediate_route_id", count(*) FILTER (WHERE "status" = 'Boarded'), count(*) FILTER (WHERE "status" = 'Canceled')
FROM "transport_services" GROUP BY 1
ON CONFLICT ("intermediate_route_id") DO UPDATE SET "riders" = excluded."riders", "canceled" = excluded."canceled";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "trip_riders_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO trip_riders (intermediate_route_id, riders, canceled)
    SELECT intermediate_route_id, count(*) FILTER (WHERE status = 'Boarded'), count(*) FILTER (WHERE status = 'Canceled')
    FROM new_rows GROUP BY 1
    ON CONFLICT (intermediate_route_id) DO UPDATE SET riders = trip_riders.riders + excluded.riders,
      canceled = trip_riders.canceled + excluded.canceled;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO trip_riders (intermediate_route_id, riders, canceled)
    SELECT trip, sum(boarded), sum(canceled) FROM (
      SELECT intermediate_route_id AS trip, (status = 'Boarded')::int AS boarded, (status = 'Canceled')::int AS canceled FROM new_rows
      UNION ALL
      SELECT intermediate_route_id, -(status = 'Boarded')::int, -(status = 'Canceled')::int FROM old_rows
    ) changes GROUP BY trip HAVING sum(boarded) <> 0 OR sum(canceled) <> 0
    ON CONFLICT (intermediate_route_id) DO UPDATE SET riders = trip_riders.riders + excluded.riders,
      canceled = trip_riders.canceled + excluded.canceled;
  ELSE
    -- Only existing rows: a trip being deleted takes its row with it (cascade).
    UPDATE trip_riders r SET riders = r.riders - d.boarded, canceled = r.canceled - d.canceled
    FROM (SELECT intermediate_route_id, count(*) FILTER (WHERE status = 'Boarded') AS boarded,
      count(*) FILTER (WHERE status = 'Canceled') AS canceled FROM old_rows GROUP BY 1) d
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
--> statement-breakpoint
-- Each service of a finished trip with its share of the trip's cost in cents and the trip's end
-- time, kept by triggers on transport_services and intermediate_routes: the collaborator and branch
-- office reports read a month as one index range scan plus a group by instead of splitting every
-- trip of the range. The share is the cost split evenly among the boarded riders, the remaining
-- cents going one each to the first riders by employee id (the shares add up to the cost); a
-- canceled service has share 0.
CREATE TABLE IF NOT EXISTS "service_shares" (
	"intermediate_route_id" integer NOT NULL REFERENCES "intermediate_routes"("id") ON DELETE cascade,
	"employee_id" integer NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"boarded" boolean NOT NULL,
	"share_cents" bigint NOT NULL,
	PRIMARY KEY ("intermediate_route_id", "employee_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "service_shares_ended_idx" ON "service_shares" USING btree ("ended_at") INCLUDE ("employee_id", "boarded", "share_cents", "intermediate_route_id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "service_shares_refresh"(trips integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM service_shares WHERE intermediate_route_id IN (SELECT unnest(trips));
  INSERT INTO service_shares (intermediate_route_id, employee_id, ended_at, boarded, share_cents)
  SELECT trip, employee_id, ended_at, boarded,
    CASE WHEN boarded THEN cost_cents / riders + CASE WHEN rn <= cost_cents % riders THEN 1 ELSE 0 END ELSE 0 END
  FROM (
    SELECT t.id AS trip, s.employee_id, t.ended_at, s.status = 'Boarded' AS boarded,
      round(t.cost * 100)::bigint AS cost_cents,
      count(*) FILTER (WHERE s.status = 'Boarded') OVER (PARTITION BY t.id) AS riders,
      row_number() OVER (PARTITION BY t.id, s.status ORDER BY s.employee_id) AS rn
    FROM (SELECT DISTINCT unnest(trips) AS id) u
      JOIN intermediate_routes t ON t.id = u.id
      JOIN transport_services s ON s.intermediate_route_id = t.id
    WHERE t.status = 'Finished' AND t.ended_at IS NOT NULL
  ) x;
END;
$$;
--> statement-breakpoint
SELECT "service_shares_refresh"(ARRAY(SELECT "id" FROM "intermediate_routes" WHERE "status" = 'Finished'));
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "service_shares_on_services"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM service_shares_refresh(ARRAY(SELECT DISTINCT intermediate_route_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM service_shares_refresh(ARRAY(
      SELECT intermediate_route_id FROM new_rows UNION SELECT intermediate_route_id FROM old_rows));
  ELSE
    PERFORM service_shares_refresh(ARRAY(SELECT DISTINCT intermediate_route_id FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "transport_services_shares_insert" AFTER INSERT ON "transport_services"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "service_shares_on_services"();
--> statement-breakpoint
CREATE TRIGGER "transport_services_shares_update" AFTER UPDATE ON "transport_services"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "service_shares_on_services"();
--> statement-breakpoint
CREATE TRIGGER "transport_services_shares_delete" AFTER DELETE ON "transport_services"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "service_shares_on_services"();
--> statement-breakpoint
-- A trip that ends, or whose cost or end time changes, splits its cost again (a trip deleted
-- takes its rows with it by cascade).
CREATE OR REPLACE FUNCTION "service_shares_on_trips"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM service_shares_refresh(ARRAY(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.status IS DISTINCT FROM o.status OR n.ended_at IS DISTINCT FROM o.ended_at
      OR n.cost IS DISTINCT FROM o.cost));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "intermediate_routes_shares_update" AFTER UPDATE ON "intermediate_routes"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "service_shares_on_trips"();
