ALTER TABLE "routes" ADD COLUMN "cost_from_plan" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Routes planned before this column (on a shift, with stops) at $0: the plan wrote that $0 (decision 0061).
UPDATE "routes" SET "cost_from_plan" = true WHERE "shift_id" IS NOT NULL AND "cost" = 0 AND EXISTS (SELECT 1 FROM "route_stops" s WHERE s."route_id" = "routes"."id");