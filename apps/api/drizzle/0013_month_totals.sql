CREATE TABLE "employee_month_totals" (
	"month" date NOT NULL,
	"employee_id" integer NOT NULL,
	"branch_office_id" integer NOT NULL,
	"trips" integer NOT NULL,
	"canceled" integer NOT NULL,
	"cost_cents" bigint NOT NULL,
	CONSTRAINT "employee_month_totals_pkey" PRIMARY KEY("month","employee_id","branch_office_id")
);
--> statement-breakpoint
CREATE TABLE "trip_month_totals" (
	"month" date NOT NULL,
	"route_id" integer NOT NULL,
	"route_not_scheduled_id" integer NOT NULL,
	"route_name" text NOT NULL,
	"supplier_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"trips" integer NOT NULL,
	"riders" integer NOT NULL,
	"cost_cents" bigint NOT NULL,
	"charged_cents" bigint NOT NULL,
	CONSTRAINT "trip_month_totals_pkey" PRIMARY KEY("month","route_id","route_not_scheduled_id","supplier_id","driver_id","route_name")
);
--> statement-breakpoint
CREATE INDEX "intermediate_routes_route_supplier_ended_idx" ON "intermediate_routes" USING btree ("route_id","supplier_id","ended_at","id") WHERE "intermediate_routes"."status" = 'Finished';--> statement-breakpoint
-- One finished trip's signed part of trip_month_totals (decision 0035): +1 as it is now, -1 as it
-- was; its riders are the trip's boarded collaborators (trip_riders).
CREATE TYPE "trip_month_change" AS (
	"sign" integer,
	"ended_at" timestamp with time zone,
	"route_id" integer,
	"route_not_scheduled_id" integer,
	"route_name" text,
	"supplier_id" integer,
	"driver_id" integer,
	"cost_cents" bigint,
	"riders" integer
);
--> statement-breakpoint
-- Adds signed changes per UTC month and key, in key order so concurrent transactions lock rows in
-- the same order, and drops the rows they leave without trips.
CREATE OR REPLACE FUNCTION "trip_month_totals_merge"(changes trip_month_change[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO trip_month_totals AS m (month, route_id, route_not_scheduled_id, route_name, supplier_id, driver_id,
    trips, riders, cost_cents, charged_cents)
  SELECT date_trunc('month', c.ended_at AT TIME ZONE 'UTC')::date, coalesce(c.route_id, 0),
    coalesce(c.route_not_scheduled_id, 0), coalesce(c.route_name, ''), c.supplier_id, c.driver_id,
    sum(c.sign)::int, sum(c.sign * c.riders)::int, sum(c.sign * c.cost_cents)::bigint,
    sum(CASE WHEN c.riders > 0 THEN c.sign * c.cost_cents ELSE 0 END)::bigint
  FROM unnest(changes) c
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(c.sign) <> 0 OR sum(c.sign * c.riders) <> 0 OR sum(c.sign * c.cost_cents) <> 0
    OR sum(CASE WHEN c.riders > 0 THEN c.sign * c.cost_cents ELSE 0 END) <> 0
  ORDER BY 1, 2, 3, 5, 6, 4
  ON CONFLICT (month, route_id, route_not_scheduled_id, supplier_id, driver_id, route_name) DO UPDATE SET
    trips = m.trips + excluded.trips, riders = m.riders + excluded.riders,
    cost_cents = m.cost_cents + excluded.cost_cents, charged_cents = m.charged_cents + excluded.charged_cents;
  DELETE FROM trip_month_totals m
  USING (SELECT DISTINCT date_trunc('month', c.ended_at AT TIME ZONE 'UTC')::date AS month, coalesce(c.route_id, 0) AS route_id,
      coalesce(c.route_not_scheduled_id, 0) AS route_not_scheduled_id, coalesce(c.route_name, '') AS route_name,
      c.supplier_id, c.driver_id
    FROM unnest(changes) c WHERE c.sign < 0) g
  WHERE m.trips = 0 AND m.month = g.month AND m.route_id = g.route_id AND m.route_not_scheduled_id = g.route_not_scheduled_id
    AND m.supplier_id = g.supplier_id AND m.driver_id = g.driver_id AND m.route_name = g.route_name;
END;
$$;
--> statement-breakpoint
-- A statement's trips that start or stop counting (Finished with an end) or change what they add
-- (end, route, name, supplier, driver, cost) are subtracted as they were and added as they are;
-- updates of other columns (positions, cuts, ETA) add nothing.
CREATE OR REPLACE FUNCTION "trip_month_totals_trips"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM trip_month_totals_merge(array(
      SELECT row(1, n.ended_at, n.route_id, n.route_not_scheduled_id, n.route_name, n.supplier_id, n.driver_id,
        round(n.cost * 100)::bigint, coalesce(r.riders, 0))::trip_month_change
      FROM new_rows n LEFT JOIN trip_riders r ON r.intermediate_route_id = n.id
      WHERE n.status = 'Finished' AND n.ended_at IS NOT NULL));
  ELSE
    PERFORM trip_month_totals_merge(array(
      SELECT row(-1, o.ended_at, o.route_id, o.route_not_scheduled_id, o.route_name, o.supplier_id, o.driver_id,
        round(o.cost * 100)::bigint, coalesce(r.riders, 0))::trip_month_change
      FROM old_rows o LEFT JOIN trip_riders r ON r.intermediate_route_id = o.id
      WHERE o.status = 'Finished' AND o.ended_at IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM new_rows n WHERE n.id = o.id
          AND (n.status, n.ended_at, n.route_id, n.route_not_scheduled_id, n.route_name, n.supplier_id, n.driver_id, n.cost)
            IS NOT DISTINCT FROM (o.status, o.ended_at, o.route_id, o.route_not_scheduled_id, o.route_name, o.supplier_id, o.driver_id, o.cost))
      UNION ALL
      SELECT row(1, n.ended_at, n.route_id, n.route_not_scheduled_id, n.route_name, n.supplier_id, n.driver_id,
        round(n.cost * 100)::bigint, coalesce(r.riders, 0))::trip_month_change
      FROM new_rows n LEFT JOIN trip_riders r ON r.intermediate_route_id = n.id
      WHERE n.status = 'Finished' AND n.ended_at IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM old_rows o WHERE o.id = n.id
          AND (n.status, n.ended_at, n.route_id, n.route_not_scheduled_id, n.route_name, n.supplier_id, n.driver_id, n.cost)
            IS NOT DISTINCT FROM (o.status, o.ended_at, o.route_id, o.route_not_scheduled_id, o.route_name, o.supplier_id, o.driver_id, o.cost))));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A deleted trip is subtracted before it goes: its trip_riders row goes with it (cascade), and
-- the riders changes that cascade finds no finished trip to change.
CREATE OR REPLACE FUNCTION "trip_month_totals_trip_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM trip_month_totals_merge(array(
    SELECT row(-1, OLD.ended_at, OLD.route_id, OLD.route_not_scheduled_id, OLD.route_name, OLD.supplier_id,
      OLD.driver_id, round(OLD.cost * 100)::bigint,
      coalesce((SELECT r.riders FROM trip_riders r WHERE r.intermediate_route_id = OLD.id), 0))::trip_month_change));
  RETURN OLD;
END;
$$;
--> statement-breakpoint
-- A finished trip whose boarded riders change: its part as it was (-1, old riders) and as it is
-- (+1, new riders); only riders and charged cost move.
CREATE OR REPLACE FUNCTION "trip_month_totals_riders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM trip_month_totals_merge(array(
      SELECT row(s.sign, t.ended_at, t.route_id, t.route_not_scheduled_id, t.route_name, t.supplier_id, t.driver_id,
        round(t.cost * 100)::bigint, s.riders)::trip_month_change
      FROM (SELECT intermediate_route_id AS id, 1 AS sign, riders FROM new_rows
        UNION ALL SELECT intermediate_route_id, -1, 0 FROM new_rows) s
        JOIN intermediate_routes t ON t.id = s.id
      WHERE t.status = 'Finished' AND t.ended_at IS NOT NULL));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM trip_month_totals_merge(array(
      SELECT row(s.sign, t.ended_at, t.route_id, t.route_not_scheduled_id, t.route_name, t.supplier_id, t.driver_id,
        round(t.cost * 100)::bigint, s.riders)::trip_month_change
      FROM (SELECT intermediate_route_id AS id, 1 AS sign, riders FROM new_rows
        UNION ALL SELECT intermediate_route_id, -1, riders FROM old_rows) s
        JOIN intermediate_routes t ON t.id = s.id
      WHERE t.status = 'Finished' AND t.ended_at IS NOT NULL));
  ELSE
    PERFORM trip_month_totals_merge(array(
      SELECT row(s.sign, t.ended_at, t.route_id, t.route_not_scheduled_id, t.route_name, t.supplier_id, t.driver_id,
        round(t.cost * 100)::bigint, s.riders)::trip_month_change
      FROM (SELECT intermediate_route_id AS id, -1 AS sign, riders FROM old_rows
        UNION ALL SELECT intermediate_route_id, 1, 0 FROM old_rows) s
        JOIN intermediate_routes t ON t.id = s.id
      WHERE t.status = 'Finished' AND t.ended_at IS NOT NULL));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "intermediate_routes_month_totals_insert" AFTER INSERT ON "intermediate_routes"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "trip_month_totals_trips"();
--> statement-breakpoint
CREATE TRIGGER "intermediate_routes_month_totals_update" AFTER UPDATE ON "intermediate_routes"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "trip_month_totals_trips"();
--> statement-breakpoint
CREATE TRIGGER "intermediate_routes_month_totals_delete" BEFORE DELETE ON "intermediate_routes"
  FOR EACH ROW WHEN (OLD.status = 'Finished' AND OLD.ended_at IS NOT NULL) EXECUTE FUNCTION "trip_month_totals_trip_deleted"();
--> statement-breakpoint
CREATE TRIGGER "trip_riders_month_totals_insert" AFTER INSERT ON "trip_riders"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "trip_month_totals_riders"();
--> statement-breakpoint
CREATE TRIGGER "trip_riders_month_totals_update" AFTER UPDATE ON "trip_riders"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "trip_month_totals_riders"();
--> statement-breakpoint
CREATE TRIGGER "trip_riders_month_totals_delete" AFTER DELETE ON "trip_riders"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "trip_month_totals_riders"();
--> statement-breakpoint
INSERT INTO "trip_month_totals" ("month", "route_id", "route_not_scheduled_id", "route_name", "supplier_id", "driver_id",
  "trips", "riders", "cost_cents", "charged_cents")
SELECT date_trunc('month', t."ended_at" AT TIME ZONE 'UTC')::date, coalesce(t."route_id", 0),
  coalesce(t."route_not_scheduled_id", 0), coalesce(t."route_name", ''), t."supplier_id", t."driver_id",
  count(*)::int, coalesce(sum(r."riders"), 0)::int, sum(round(t."cost" * 100))::bigint,
  coalesce(sum(round(t."cost" * 100)) FILTER (WHERE r."riders" > 0), 0)::bigint
FROM "intermediate_routes" t LEFT JOIN "trip_riders" r ON r."intermediate_route_id" = t."id"
WHERE t."status" = 'Finished' AND t."ended_at" IS NOT NULL
GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
-- service_shares only gets inserts and deletes: like employee_day_totals_apply (0009), by month.
CREATE OR REPLACE FUNCTION "employee_month_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO employee_month_totals AS d (month, employee_id, branch_office_id, trips, canceled, cost_cents)
    SELECT date_trunc('month', ended_at AT TIME ZONE 'UTC')::date, employee_id, coalesce(branch_office_id, 0),
      (count(*) FILTER (WHERE boarded))::int, (count(*) FILTER (WHERE NOT boarded))::int, sum(share_cents)
    FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (month, employee_id, branch_office_id) DO UPDATE SET trips = d.trips + excluded.trips,
      canceled = d.canceled + excluded.canceled, cost_cents = d.cost_cents + excluded.cost_cents;
  ELSE
    WITH gone AS (
      SELECT date_trunc('month', ended_at AT TIME ZONE 'UTC')::date AS month, employee_id,
        coalesce(branch_office_id, 0) AS branch_office_id, (count(*) FILTER (WHERE boarded))::int AS trips,
        (count(*) FILTER (WHERE NOT boarded))::int AS canceled, sum(share_cents) AS cost_cents
      FROM old_rows GROUP BY 1, 2, 3
    )
    UPDATE employee_month_totals d SET trips = d.trips - g.trips, canceled = d.canceled - g.canceled,
      cost_cents = d.cost_cents - g.cost_cents
    FROM gone g WHERE d.month = g.month AND d.employee_id = g.employee_id AND d.branch_office_id = g.branch_office_id;
    DELETE FROM employee_month_totals WHERE trips = 0 AND canceled = 0
      AND (month, employee_id, branch_office_id) IN (
        SELECT date_trunc('month', ended_at AT TIME ZONE 'UTC')::date, employee_id, coalesce(branch_office_id, 0) FROM old_rows);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "service_shares_month_totals_insert" AFTER INSERT ON "service_shares"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "employee_month_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "service_shares_month_totals_delete" AFTER DELETE ON "service_shares"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "employee_month_totals_apply"();
--> statement-breakpoint
INSERT INTO "employee_month_totals" ("month", "employee_id", "branch_office_id", "trips", "canceled", "cost_cents")
SELECT date_trunc('month', "ended_at" AT TIME ZONE 'UTC')::date, "employee_id", coalesce("branch_office_id", 0),
  (count(*) FILTER (WHERE "boarded"))::int, (count(*) FILTER (WHERE NOT "boarded"))::int, sum("share_cents")
FROM "service_shares" GROUP BY 1, 2, 3;
