-- Each collaborator's services per UTC day of the trip's end (boarded trips, canceled services,
-- sum of shares in cents), kept from `service_shares` by statement triggers. The collaborator and
-- branch office reports read the whole UTC days of a range here (one row per collaborator and
-- day) and only the partial days at both edges from `service_shares`, so any `GMT` offset still
-- gets exact local days.
CREATE TABLE IF NOT EXISTS "employee_day_totals" (
	"day" date NOT NULL,
	"employee_id" integer NOT NULL,
	"trips" integer NOT NULL,
	"canceled" integer NOT NULL,
	"cost_cents" bigint NOT NULL,
	PRIMARY KEY ("day", "employee_id") INCLUDE ("trips", "canceled", "cost_cents")
);
--> statement-breakpoint
INSERT INTO "employee_day_totals" ("day", "employee_id", "trips", "canceled", "cost_cents")
SELECT ("ended_at" AT TIME ZONE 'UTC')::date, "employee_id",
  (count(*) FILTER (WHERE "boarded"))::int, (count(*) FILTER (WHERE NOT "boarded"))::int, sum("share_cents")
FROM "service_shares" GROUP BY 1, 2;
--> statement-breakpoint
-- service_shares only gets inserts and deletes (service_shares_refresh). Inserts add, in key
-- order so concurrent transactions lock rows in the same order; deletes subtract and drop the
-- rows left without services.
CREATE OR REPLACE FUNCTION "employee_day_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO employee_day_totals AS d (day, employee_id, trips, canceled, cost_cents)
    SELECT (ended_at AT TIME ZONE 'UTC')::date, employee_id,
      (count(*) FILTER (WHERE boarded))::int, (count(*) FILTER (WHERE NOT boarded))::int, sum(share_cents)
    FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, employee_id) DO UPDATE SET trips = d.trips + excluded.trips,
      canceled = d.canceled + excluded.canceled, cost_cents = d.cost_cents + excluded.cost_cents;
  ELSE
    WITH gone AS (
      SELECT (ended_at AT TIME ZONE 'UTC')::date AS day, employee_id,
        (count(*) FILTER (WHERE boarded))::int AS trips, (count(*) FILTER (WHERE NOT boarded))::int AS canceled,
        sum(share_cents) AS cost_cents
      FROM old_rows GROUP BY 1, 2
    )
    UPDATE employee_day_totals d SET trips = d.trips - g.trips, canceled = d.canceled - g.canceled,
      cost_cents = d.cost_cents - g.cost_cents
    FROM gone g WHERE d.day = g.day AND d.employee_id = g.employee_id;
    DELETE FROM employee_day_totals WHERE trips = 0 AND canceled = 0
      AND (day, employee_id) IN (SELECT (ended_at AT TIME ZONE 'UTC')::date, employee_id FROM old_rows);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "service_shares_day_totals_insert" AFTER INSERT ON "service_shares"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "employee_day_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "service_shares_day_totals_delete" AFTER DELETE ON "service_shares"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "employee_day_totals_apply"();
