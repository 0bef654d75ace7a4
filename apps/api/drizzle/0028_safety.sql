CREATE TABLE "safe_arrival_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"intermediate_route_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"branch_office_id" integer,
	"service_day" date NOT NULL,
	"stop_name" text,
	"latitude" double precision,
	"longitude" double precision,
	"dropped_at" timestamp with time zone NOT NULL,
	"ask_at" timestamp with time zone NOT NULL,
	"escalate_at" timestamp with time zone NOT NULL,
	"asked_at" timestamp with time zone,
	"answer_token_hash" text,
	"confirmed_at" timestamp with time zone,
	"confirmed_via" text,
	"incident_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "safe_arrival_checks_via_check" CHECK ("safe_arrival_checks"."confirmed_via" is null or "safe_arrival_checks"."confirmed_via" in ('app', 'push'))
);
--> statement-breakpoint
CREATE TABLE "sos_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"incident_id" integer NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"accuracy" double precision,
	"recorded_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"intermediate_route_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"max_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "incidents" DROP CONSTRAINT "incidents_trip_or_route_check";--> statement-breakpoint
ALTER TABLE "incidents" DROP CONSTRAINT "incidents_type_check";--> statement-breakpoint
ALTER TABLE "incidents" DROP CONSTRAINT "incidents_close_reason_check";--> statement-breakpoint
DROP INDEX "incidents_one_unclosed_key";--> statement-breakpoint
ALTER TABLE "branch_offices" ADD COLUMN "emergency_phone" text;--> statement-breakpoint
ALTER TABLE "branch_offices" ADD COLUMN "emergency_emails" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "branch_offices" ADD COLUMN "night_start" text DEFAULT '20:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "branch_offices" ADD COLUMN "night_end" text DEFAULT '06:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "branch_offices" ADD COLUMN "safe_arrival_ask_minutes" smallint DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "branch_offices" ADD COLUMN "safe_arrival_wait_minutes" smallint DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "person_user_id" integer;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "branch_office_id" integer;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "closed_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "safe_arrival_checks" ADD CONSTRAINT "safe_arrival_checks_intermediate_route_id_intermediate_routes_id_fk" FOREIGN KEY ("intermediate_route_id") REFERENCES "public"."intermediate_routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safe_arrival_checks" ADD CONSTRAINT "safe_arrival_checks_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safe_arrival_checks" ADD CONSTRAINT "safe_arrival_checks_branch_office_id_branch_offices_id_fk" FOREIGN KEY ("branch_office_id") REFERENCES "public"."branch_offices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safe_arrival_checks" ADD CONSTRAINT "safe_arrival_checks_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sos_positions" ADD CONSTRAINT "sos_positions_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_shares" ADD CONSTRAINT "trip_shares_intermediate_route_id_intermediate_routes_id_fk" FOREIGN KEY ("intermediate_route_id") REFERENCES "public"."intermediate_routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_shares" ADD CONSTRAINT "trip_shares_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_shares" ADD CONSTRAINT "trip_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "safe_arrival_checks_trip_rider_key" ON "safe_arrival_checks" USING btree ("intermediate_route_id","employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "safe_arrival_checks_token_key" ON "safe_arrival_checks" USING btree ("answer_token_hash");--> statement-breakpoint
CREATE INDEX "safe_arrival_checks_due_idx" ON "safe_arrival_checks" USING btree ("ask_at") WHERE "safe_arrival_checks"."confirmed_at" is null and "safe_arrival_checks"."incident_id" is null;--> statement-breakpoint
CREATE INDEX "safe_arrival_checks_day_idx" ON "safe_arrival_checks" USING btree ("service_day","id");--> statement-breakpoint
CREATE INDEX "safe_arrival_checks_employee_idx" ON "safe_arrival_checks" USING btree ("employee_id","dropped_at");--> statement-breakpoint
CREATE INDEX "sos_positions_incident_idx" ON "sos_positions" USING btree ("incident_id","recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trip_shares_token_hash_key" ON "trip_shares" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "trip_shares_trip_idx" ON "trip_shares" USING btree ("intermediate_route_id");--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_person_user_id_users_id_fk" FOREIGN KEY ("person_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_branch_office_id_branch_offices_id_fk" FOREIGN KEY ("branch_office_id") REFERENCES "public"."branch_offices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_closed_by_user_id_users_id_fk" FOREIGN KEY ("closed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incidents_person_idx" ON "incidents" USING btree ("person_user_id","opened_at") WHERE "incidents"."person_user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "incidents_one_unclosed_key" ON "incidents" USING btree ("intermediate_route_id","type",coalesce("stop_index", -1)) WHERE "incidents"."status" <> 'CLOSED' and "incidents"."intermediate_route_id" is not null and "incidents"."type" not in ('SOS', 'SAFE_ARRIVAL_UNCONFIRMED');--> statement-breakpoint
ALTER TABLE "branch_offices" ADD CONSTRAINT "branch_offices_safe_arrival_check" CHECK ("branch_offices"."safe_arrival_ask_minutes" between 1 and 180 and "branch_offices"."safe_arrival_wait_minutes" between 1 and 120);--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_outcome_check" CHECK ("incidents"."outcome" is null or "incidents"."outcome" in ('ATTENDED', 'FALSE_ALARM'));--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_trip_or_route_check" CHECK ("incidents"."intermediate_route_id" is not null or "incidents"."route_id" is not null or "incidents"."type" = 'SOS');--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_type_check" CHECK ("incidents"."type" in ('SOS', 'SAFE_ARRIVAL_UNCONFIRMED', 'NOT_STARTED', 'LATE', 'OFF_ROUTE', 'SKIPPED_STOP', 'LONG_DWELL', 'NO_GPS', 'OVER_CAPACITY'));--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_close_reason_check" CHECK ("incidents"."close_reason" is null or "incidents"."close_reason" in ('cleared', 'trip-ended', 'day-ended', 'manual'));