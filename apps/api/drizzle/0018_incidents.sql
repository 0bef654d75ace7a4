-- Issue 25: the control room. Incidents against a trip's plan (at most one unclosed per trip, type
-- and stop; NOT_STARTED once per route and day), each branch office's thresholds, Web Push
-- subscriptions and the alerts told to riders (each kind once per trip and rider).
CREATE TABLE "incident_thresholds" (
	"branch_office_id" integer PRIMARY KEY NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"id" serial PRIMARY KEY NOT NULL,
	"intermediate_route_id" integer,
	"route_id" integer,
	"service_day" date NOT NULL,
	"driver_id" integer,
	"supplier_id" integer,
	"type" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"stop_index" integer,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"close_reason" text,
	"acknowledged_by_user_id" integer,
	"acknowledged_at" timestamp with time zone,
	"note" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"evidence" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incidents_trip_or_route_check" CHECK ("incidents"."intermediate_route_id" is not null or "incidents"."route_id" is not null),
	CONSTRAINT "incidents_type_check" CHECK ("incidents"."type" in ('NOT_STARTED', 'LATE', 'OFF_ROUTE', 'SKIPPED_STOP', 'LONG_DWELL', 'NO_GPS', 'OVER_CAPACITY')),
	CONSTRAINT "incidents_status_check" CHECK ("incidents"."status" in ('OPEN', 'ACKNOWLEDGED', 'CLOSED')),
	CONSTRAINT "incidents_close_reason_check" CHECK ("incidents"."close_reason" is null or "incidents"."close_reason" in ('cleared', 'trip-ended', 'day-ended'))
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rider_alerts" (
	"intermediate_route_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"kind" text NOT NULL,
	"minutes" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rider_alerts_intermediate_route_id_employee_id_kind_pk" PRIMARY KEY("intermediate_route_id","employee_id","kind"),
	CONSTRAINT "rider_alerts_kind_check" CHECK ("rider_alerts"."kind" in ('DEPARTED', 'NEAR', 'LATE'))
);
--> statement-breakpoint
ALTER TABLE "incident_thresholds" ADD CONSTRAINT "incident_thresholds_branch_office_id_branch_offices_id_fk" FOREIGN KEY ("branch_office_id") REFERENCES "public"."branch_offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_intermediate_route_id_intermediate_routes_id_fk" FOREIGN KEY ("intermediate_route_id") REFERENCES "public"."intermediate_routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_acknowledged_by_user_id_users_id_fk" FOREIGN KEY ("acknowledged_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rider_alerts" ADD CONSTRAINT "rider_alerts_intermediate_route_id_intermediate_routes_id_fk" FOREIGN KEY ("intermediate_route_id") REFERENCES "public"."intermediate_routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rider_alerts" ADD CONSTRAINT "rider_alerts_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incidents_opened_at_idx" ON "incidents" USING btree ("opened_at","id");--> statement-breakpoint
CREATE INDEX "incidents_trip_idx" ON "incidents" USING btree ("intermediate_route_id");--> statement-breakpoint
CREATE INDEX "incidents_unclosed_idx" ON "incidents" USING btree ("status") WHERE "incidents"."status" <> 'CLOSED';--> statement-breakpoint
CREATE UNIQUE INDEX "incidents_one_unclosed_key" ON "incidents" USING btree ("intermediate_route_id","type",coalesce("stop_index", -1)) WHERE "incidents"."status" <> 'CLOSED' and "incidents"."intermediate_route_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "incidents_not_started_key" ON "incidents" USING btree ("route_id","service_day") WHERE "incidents"."type" = 'NOT_STARTED';--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");