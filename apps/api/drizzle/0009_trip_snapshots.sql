-- Reports describe the past as it was (issue 11, DESIGN §9): each service keeps the collaborator's
-- branch office when its boarding or cancellation was recorded, and the collaborator and branch
-- office reports (service_shares, employee_day_totals) bill that branch office, so moving a
-- collaborator to another branch office never rewrites weeks already reported or cut. Each trip
-- keeps its route's name when it started (its cost already was: intermediate_routes.cost).
ALTER TABLE "transport_services" ADD COLUMN "branch_office_id" integer;--> statement-breakpoint
ALTER TABLE "transport_services" ADD CONSTRAINT "transport_services_branch_office_id_branch_offices_id_fk" FOREIGN KEY ("branch_office_id") REFERENCES "public"."branch_offices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_shares" ADD COLUMN "branch_office_id" integer;--> statement-breakpoint
-- 0: the collaborator had no branch office ("Sin sucursal"); a key column cannot be null.
ALTER TABLE "employee_day_totals" ADD COLUMN "branch_office_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "employee_day_totals" DROP CONSTRAINT "employee_day_totals_pkey";--> statement-breakpoint
ALTER TABLE "employee_day_totals" ADD CONSTRAINT "employee_day_totals_pkey" PRIMARY KEY ("day", "employee_id", "branch_office_id") INCLUDE ("trips", "canceled", "cost_cents");
--> statement-breakpoint
-- Every insert of a service (boarding, manual boarding, cancellation, or any direct insert) takes the
-- collaborator's branch office of that moment unless it is given.
CREATE OR REPLACE FUNCTION "transport_services_branch_office"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT e.branch_office_id INTO NEW.branch_office_id FROM employees e WHERE e.id = NEW.employee_id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "transport_services_branch_office" BEFORE INSERT ON "transport_services"
  FOR EACH ROW WHEN (NEW.branch_office_id IS NULL) EXECUTE FUNCTION "transport_services_branch_office"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "service_shares_refresh"(trips integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM service_shares WHERE intermediate_route_id IN (SELECT unnest(trips));
  INSERT INTO service_shares (intermediate_route_id, employee_id, ended_at, branch_office_id, boarded, share_cents)
  SELECT trip, employee_id, ended_at, branch_office_id, boarded,
    CASE WHEN boarded THEN cost_cents / riders + CASE WHEN rn <= cost_cents % riders THEN 1 ELSE 0 END ELSE 0 END
  FROM (
    SELECT t.id AS trip, s.employee_id, t.ended_at, s.branch_office_id, s.status = 'Boarded' AS boarded,
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
CREATE OR REPLACE FUNCTION "employee_day_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO employee_day_totals AS d (day, employee_id, branch_office_id, trips, canceled, cost_cents)
    SELECT (ended_at AT TIME ZONE 'UTC')::date, employee_id, coalesce(branch_office_id, 0),
      (count(*) FILTER (WHERE boarded))::int, (count(*) FILTER (WHERE NOT boarded))::int, sum(share_cents)
    FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, employee_id, branch_office_id) DO UPDATE SET trips = d.trips + excluded.trips,
      canceled = d.canceled + excluded.canceled, cost_cents = d.cost_cents + excluded.cost_cents;
  ELSE
    WITH gone AS (
      SELECT (ended_at AT TIME ZONE 'UTC')::date AS day, employee_id, coalesce(branch_office_id, 0) AS branch_office_id,
        (count(*) FILTER (WHERE boarded))::int AS trips, (count(*) FILTER (WHERE NOT boarded))::int AS canceled,
        sum(share_cents) AS cost_cents
      FROM old_rows GROUP BY 1, 2, 3
    )
    UPDATE employee_day_totals d SET trips = d.trips - g.trips, canceled = d.canceled - g.canceled,
      cost_cents = d.cost_cents - g.cost_cents
    FROM gone g WHERE d.day = g.day AND d.employee_id = g.employee_id AND d.branch_office_id = g.branch_office_id;
    DELETE FROM employee_day_totals WHERE trips = 0 AND canceled = 0
      AND (day, employee_id, branch_office_id) IN (
        SELECT (ended_at AT TIME ZONE 'UTC')::date, employee_id, coalesce(branch_office_id, 0) FROM old_rows);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Existing services take the collaborator's current branch office (the best record there is). The
-- statement triggers on transport_services then split those trips again into service_shares with
-- the snapshot, and employee_day_totals follows; the rebuild below makes the day totals exact.
UPDATE "transport_services" s SET "branch_office_id" = e."branch_office_id"
FROM "employees" e WHERE e."id" = s."employee_id" AND e."branch_office_id" IS NOT NULL;
--> statement-breakpoint
DELETE FROM "employee_day_totals";
--> statement-breakpoint
INSERT INTO "employee_day_totals" ("day", "employee_id", "branch_office_id", "trips", "canceled", "cost_cents")
SELECT ("ended_at" AT TIME ZONE 'UTC')::date, "employee_id", coalesce("branch_office_id", 0),
  (count(*) FILTER (WHERE "boarded"))::int, (count(*) FILTER (WHERE NOT "boarded"))::int, sum("share_cents")
FROM "service_shares" GROUP BY 1, 2, 3;
--> statement-breakpoint
ALTER TABLE "intermediate_routes" ADD COLUMN "route_name" text;
--> statement-breakpoint
-- Every trip inserted (Start, or any direct insert) takes its route's name of that moment unless given.
CREATE OR REPLACE FUNCTION "intermediate_routes_route_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.route_name := coalesce(
    (SELECT r.name FROM routes r WHERE r.id = NEW.route_id),
    (SELECT n.name FROM routes_not_scheduled n WHERE n.id = NEW.route_not_scheduled_id));
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "intermediate_routes_route_name" BEFORE INSERT ON "intermediate_routes"
  FOR EACH ROW WHEN (NEW.route_name IS NULL) EXECUTE FUNCTION "intermediate_routes_route_name"();
--> statement-breakpoint
-- Existing trips take the route's current name (the best record there is).
UPDATE "intermediate_routes" t SET "route_name" = coalesce(
  (SELECT r."name" FROM "routes" r WHERE r."id" = t."route_id"),
  (SELECT n."name" FROM "routes_not_scheduled" n WHERE n."id" = t."route_not_scheduled_id"));
