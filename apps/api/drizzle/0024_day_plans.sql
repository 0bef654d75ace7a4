CREATE TABLE "day_plan_auto_runs" (
	"shift_id" integer NOT NULL,
	"destination_id" integer NOT NULL,
	"service_date" date NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text,
	CONSTRAINT "day_plan_auto_runs_pkey" PRIMARY KEY("shift_id","destination_id","service_date")
);
--> statement-breakpoint
CREATE TABLE "day_plan_routes" (
	"day_plan_id" integer NOT NULL,
	"route_id" integer NOT NULL,
	"service_date" date NOT NULL,
	"runs" boolean NOT NULL,
	CONSTRAINT "day_plan_routes_pkey" PRIMARY KEY("day_plan_id","route_id")
);
--> statement-breakpoint
CREATE TABLE "day_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"shift_id" integer NOT NULL,
	"destination_id" integer NOT NULL,
	"service_date" date NOT NULL,
	"source" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_by_user_id" integer,
	"standing" jsonb NOT NULL,
	"day" jsonb NOT NULL,
	CONSTRAINT "day_plans_source_check" CHECK ("day_plans"."source" in ('auto', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "day_route_stops" (
	"day_plan_id" integer NOT NULL,
	"route_id" integer NOT NULL,
	"service_date" date NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"planned_time" time NOT NULL,
	CONSTRAINT "day_route_stops_pkey" PRIMARY KEY("route_id","service_date","position"),
	CONSTRAINT "day_route_stops_position_check" CHECK ("day_route_stops"."position" >= 1)
);
--> statement-breakpoint
CREATE TABLE "day_stop_riders" (
	"day_plan_id" integer NOT NULL,
	"route_id" integer NOT NULL,
	"service_date" date NOT NULL,
	"position" smallint NOT NULL,
	"employee_id" integer NOT NULL,
	CONSTRAINT "day_stop_riders_pkey" PRIMARY KEY("employee_id","route_id","service_date")
);
--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "day_plan_auto" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "day_plan_auto_runs" ADD CONSTRAINT "day_plan_auto_runs_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_plan_auto_runs" ADD CONSTRAINT "day_plan_auto_runs_destination_id_destinations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."destinations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_plan_routes" ADD CONSTRAINT "day_plan_routes_day_plan_id_day_plans_id_fk" FOREIGN KEY ("day_plan_id") REFERENCES "public"."day_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_plan_routes" ADD CONSTRAINT "day_plan_routes_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_plans" ADD CONSTRAINT "day_plans_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_plans" ADD CONSTRAINT "day_plans_destination_id_destinations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."destinations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_plans" ADD CONSTRAINT "day_plans_applied_by_user_id_users_id_fk" FOREIGN KEY ("applied_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_route_stops" ADD CONSTRAINT "day_route_stops_day_plan_id_day_plans_id_fk" FOREIGN KEY ("day_plan_id") REFERENCES "public"."day_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_route_stops" ADD CONSTRAINT "day_route_stops_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_stop_riders" ADD CONSTRAINT "day_stop_riders_day_plan_id_day_plans_id_fk" FOREIGN KEY ("day_plan_id") REFERENCES "public"."day_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_stop_riders" ADD CONSTRAINT "day_stop_riders_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_stop_riders" ADD CONSTRAINT "day_stop_riders_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "day_plan_routes_route_date_key" ON "day_plan_routes" USING btree ("route_id","service_date");--> statement-breakpoint
CREATE UNIQUE INDEX "day_plans_shift_destination_date_key" ON "day_plans" USING btree ("shift_id","destination_id","service_date");--> statement-breakpoint
CREATE INDEX "day_plans_date_idx" ON "day_plans" USING btree ("service_date");--> statement-breakpoint
CREATE INDEX "day_route_stops_plan_idx" ON "day_route_stops" USING btree ("day_plan_id");--> statement-breakpoint
CREATE INDEX "day_stop_riders_employee_date_idx" ON "day_stop_riders" USING btree ("employee_id","service_date");--> statement-breakpoint
CREATE INDEX "day_stop_riders_plan_idx" ON "day_stop_riders" USING btree ("day_plan_id");