CREATE TABLE "booking_days" (
	"route_id" integer NOT NULL,
	"service_date" date NOT NULL,
	"seats" smallint,
	"confirmed" integer NOT NULL,
	"waitlisted" integer NOT NULL,
	"cancelled" integer NOT NULL,
	"swept_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_days_pkey" PRIMARY KEY("route_id","service_date")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"route_id" integer NOT NULL,
	"service_date" date NOT NULL,
	"employee_id" integer NOT NULL,
	"status" text NOT NULL,
	"assigned" boolean NOT NULL,
	"reason" text,
	"queued_at" timestamp with time zone,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by_user_id" integer,
	"changed_by_admin" boolean DEFAULT false NOT NULL,
	"after_cutoff" boolean DEFAULT false NOT NULL,
	"no_seat_told_at" timestamp with time zone,
	"intermediate_route_id" integer,
	"latitude" double precision,
	"longitude" double precision,
	CONSTRAINT "bookings_pkey" PRIMARY KEY("route_id","service_date","employee_id"),
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('CONFIRMED', 'CANCELLED', 'WAITLISTED', 'NO_SHOW')),
	CONSTRAINT "bookings_queued_check" CHECK ("bookings"."status" <> 'WAITLISTED' or "bookings"."queued_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "branch_offices" ADD COLUMN "no_show_wait_minutes" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "confirmation_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "cutoff_minutes" smallint DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "cutoff_day_before_time" time;--> statement-breakpoint
ALTER TABLE "booking_days" ADD CONSTRAINT "booking_days_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_intermediate_route_id_intermediate_routes_id_fk" FOREIGN KEY ("intermediate_route_id") REFERENCES "public"."intermediate_routes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_days_date_idx" ON "booking_days" USING btree ("service_date");--> statement-breakpoint
CREATE INDEX "bookings_employee_date_idx" ON "bookings" USING btree ("employee_id","service_date");--> statement-breakpoint
ALTER TABLE "branch_offices" ADD CONSTRAINT "branch_offices_no_show_wait_check" CHECK ("branch_offices"."no_show_wait_minutes" between 0 and 60);--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_cutoff_minutes_check" CHECK ("shifts"."cutoff_minutes" between 0 and 2880);