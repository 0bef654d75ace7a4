ALTER TABLE "shifts" ADD COLUMN "travel_speed_kmh" double precision;--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "travel_circuity" double precision;--> statement-breakpoint
ALTER TABLE "trip_traces" ADD COLUMN "moving_km" double precision;--> statement-breakpoint
ALTER TABLE "trip_traces" ADD COLUMN "moving_seconds" double precision;--> statement-breakpoint
CREATE INDEX "trip_traces_unmeasured_idx" ON "trip_traces" USING btree ("ended_at") WHERE "trip_traces"."moving_seconds" is null and "trip_traces"."raw_deleted_at" is null;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_travel_speed_check" CHECK ("shifts"."travel_speed_kmh" > 0);--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_travel_circuity_check" CHECK ("shifts"."travel_circuity" >= 1);