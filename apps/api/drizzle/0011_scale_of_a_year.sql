-- Boarded and canceled services of finished trips per quarter hour (UTC) of the trip's end, kept
-- from service_shares by statement triggers like employee_day_totals (0005). Every real UTC offset
-- is a whole number of quarter hours, so a caller's local day is a whole set of rows: the per-day
-- series of Employee/services/stats reads a few thousand rows a year instead of every trip.
CREATE TABLE "service_quarter_totals" (
	"quarter" timestamp with time zone PRIMARY KEY NOT NULL,
	"boarded" integer NOT NULL,
	"canceled" integer NOT NULL
);
--> statement-breakpoint
INSERT INTO "service_quarter_totals" ("quarter", "boarded", "canceled")
SELECT to_timestamp(floor(extract(epoch FROM "ended_at") / 900) * 900),
  (count(*) FILTER (WHERE "boarded"))::int, (count(*) FILTER (WHERE NOT "boarded"))::int
FROM "service_shares" GROUP BY 1;
--> statement-breakpoint
-- service_shares only gets inserts and deletes (service_shares_refresh): inserts add, in key order
-- so concurrent transactions lock rows in the same order; deletes subtract and drop empty rows.
CREATE OR REPLACE FUNCTION "service_quarter_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO service_quarter_totals AS q (quarter, boarded, canceled)
    SELECT to_timestamp(floor(extract(epoch FROM ended_at) / 900) * 900),
      (count(*) FILTER (WHERE boarded))::int, (count(*) FILTER (WHERE NOT boarded))::int
    FROM new_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (quarter) DO UPDATE SET boarded = q.boarded + excluded.boarded,
      canceled = q.canceled + excluded.canceled;
  ELSE
    WITH gone AS (
      SELECT to_timestamp(floor(extract(epoch FROM ended_at) / 900) * 900) AS quarter,
        (count(*) FILTER (WHERE boarded))::int AS boarded, (count(*) FILTER (WHERE NOT boarded))::int AS canceled
      FROM old_rows GROUP BY 1
    )
    UPDATE service_quarter_totals q SET boarded = q.boarded - g.boarded, canceled = q.canceled - g.canceled
    FROM gone g WHERE q.quarter = g.quarter;
    DELETE FROM service_quarter_totals WHERE boarded = 0 AND canceled = 0
      AND quarter IN (SELECT to_timestamp(floor(extract(epoch FROM ended_at) / 900) * 900) FROM old_rows);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "service_shares_quarter_totals_insert" AFTER INSERT ON "service_shares"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "service_quarter_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "service_shares_quarter_totals_delete" AFTER DELETE ON "service_shares"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "service_quarter_totals_apply"();
--> statement-breakpoint
-- Reports read services per trip from service_shares and trip_riders (0004): this index (a third
-- of transport_services' size again) only served the per-trip split they replaced; the unique
-- (intermediate_route_id, employee_id) key finds a trip's services.
DROP INDEX "transport_services_trip_status_employee_idx";
--> statement-breakpoint
-- Who boarded in a range of days (Employee/services/stats): one probe per collaborator.
CREATE INDEX "employee_day_totals_employee_day_idx" ON "employee_day_totals" USING btree ("employee_id","day") WHERE "employee_day_totals"."trips" > 0;
