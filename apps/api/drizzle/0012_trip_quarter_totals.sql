CREATE TABLE "trip_quarter_totals" (
	"quarter" timestamp with time zone NOT NULL,
	"supplier_id" integer NOT NULL,
	"scheduled" integer NOT NULL,
	"not_scheduled" integer NOT NULL,
	"cost_cents" bigint NOT NULL,
	CONSTRAINT "trip_quarter_totals_pkey" PRIMARY KEY("quarter","supplier_id")
);
--> statement-breakpoint
-- Finished trips per quarter hour (UTC) of their end and supplier (decision 0032): the trip counts
-- and supplier costs of IntermediateRoute/services/stats and Supplier/service/stats read a
-- year as a few thousand rows instead of every trip. Cost in cents as the reports round it.
INSERT INTO "trip_quarter_totals" ("quarter", "supplier_id", "scheduled", "not_scheduled", "cost_cents")
SELECT to_timestamp(floor(extract(epoch FROM "ended_at") / 900) * 900), "supplier_id",
  (count(*) FILTER (WHERE "route_id" IS NOT NULL))::int, (count(*) FILTER (WHERE "route_id" IS NULL))::int,
  sum(round("cost" * 100))::bigint
FROM "intermediate_routes" WHERE "status" = 'Finished' AND "ended_at" IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
-- A statement's trips that start or stop counting (Finished with an end) or change what they add
-- (end, supplier, kind, cost) are subtracted as they were and added as they are, in key order so
-- concurrent transactions lock rows in the same order; rows left empty are dropped. Updates that
-- change none of those columns (positions, cuts, ETA) add nothing.
CREATE OR REPLACE FUNCTION "trip_quarter_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO trip_quarter_totals AS q (quarter, supplier_id, scheduled, not_scheduled, cost_cents)
    SELECT to_timestamp(floor(extract(epoch FROM ended_at) / 900) * 900), supplier_id,
      (count(*) FILTER (WHERE route_id IS NOT NULL))::int, (count(*) FILTER (WHERE route_id IS NULL))::int,
      sum(round(cost * 100))::bigint
    FROM new_rows WHERE status = 'Finished' AND ended_at IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (quarter, supplier_id) DO UPDATE SET scheduled = q.scheduled + excluded.scheduled,
      not_scheduled = q.not_scheduled + excluded.not_scheduled, cost_cents = q.cost_cents + excluded.cost_cents;
  ELSIF TG_OP = 'DELETE' THEN
    WITH gone AS (
      SELECT to_timestamp(floor(extract(epoch FROM ended_at) / 900) * 900) AS quarter, supplier_id,
        (count(*) FILTER (WHERE route_id IS NOT NULL))::int AS scheduled,
        (count(*) FILTER (WHERE route_id IS NULL))::int AS not_scheduled, sum(round(cost * 100))::bigint AS cost_cents
      FROM old_rows WHERE status = 'Finished' AND ended_at IS NOT NULL GROUP BY 1, 2
    )
    UPDATE trip_quarter_totals q SET scheduled = q.scheduled - g.scheduled,
      not_scheduled = q.not_scheduled - g.not_scheduled, cost_cents = q.cost_cents - g.cost_cents
    FROM gone g WHERE q.quarter = g.quarter AND q.supplier_id = g.supplier_id;
    DELETE FROM trip_quarter_totals WHERE scheduled = 0 AND not_scheduled = 0
      AND (quarter, supplier_id) IN (
        SELECT to_timestamp(floor(extract(epoch FROM ended_at) / 900) * 900), supplier_id
        FROM old_rows WHERE status = 'Finished' AND ended_at IS NOT NULL);
  ELSE
    WITH changes AS (
      SELECT -1 AS sign, o.ended_at, o.supplier_id, o.route_id, o.cost FROM old_rows o
      WHERE o.status = 'Finished' AND o.ended_at IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM new_rows n WHERE n.id = o.id AND n.status = o.status AND n.ended_at = o.ended_at
          AND n.supplier_id = o.supplier_id AND n.route_id IS NOT DISTINCT FROM o.route_id AND n.cost = o.cost)
      UNION ALL
      SELECT 1, n.ended_at, n.supplier_id, n.route_id, n.cost FROM new_rows n
      WHERE n.status = 'Finished' AND n.ended_at IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM old_rows o WHERE o.id = n.id AND o.status = n.status AND o.ended_at = n.ended_at
          AND o.supplier_id = n.supplier_id AND o.route_id IS NOT DISTINCT FROM n.route_id AND o.cost = n.cost)
    )
    INSERT INTO trip_quarter_totals AS q (quarter, supplier_id, scheduled, not_scheduled, cost_cents)
    SELECT to_timestamp(floor(extract(epoch FROM ended_at) / 900) * 900), supplier_id,
      sum(sign * (route_id IS NOT NULL)::int)::int, sum(sign * (route_id IS NULL)::int)::int,
      sum(sign * round(cost * 100))::bigint
    FROM changes GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (quarter, supplier_id) DO UPDATE SET scheduled = q.scheduled + excluded.scheduled,
      not_scheduled = q.not_scheduled + excluded.not_scheduled, cost_cents = q.cost_cents + excluded.cost_cents;
    IF FOUND THEN
      DELETE FROM trip_quarter_totals WHERE scheduled = 0 AND not_scheduled = 0
        AND (quarter, supplier_id) IN (
          SELECT to_timestamp(floor(extract(epoch FROM o.ended_at) / 900) * 900), o.supplier_id
          FROM old_rows o WHERE o.status = 'Finished' AND o.ended_at IS NOT NULL);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "intermediate_routes_quarter_totals_insert" AFTER INSERT ON "intermediate_routes"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "trip_quarter_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "intermediate_routes_quarter_totals_update" AFTER UPDATE ON "intermediate_routes"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "trip_quarter_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "intermediate_routes_quarter_totals_delete" AFTER DELETE ON "intermediate_routes"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "trip_quarter_totals_apply"();
