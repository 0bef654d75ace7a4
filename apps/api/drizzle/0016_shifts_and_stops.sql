-- Routes become plans (issue 23, decision 0048): shifts (turnos) per branch office with their
-- direction (inbound = Entrada, arrive at the workplace by `time`; outbound = Salida, leave it at
-- `time`) and days; a scheduled route gains its shift and its own seats (both nullable), and ordered
-- stops with a planned time and the riders who board (inbound) or alight (outbound) there.
-- route_stop_riders' foreign keys keep two rules in the database: a stop's rider is a rider of the
-- route (leaving the route leaves its stop) and has one stop per route.
-- Data: nothing is rewritten. Every existing route keeps its one departure time, with no shift
-- (shift_id null), no own seats (the drivers' vehicle capacity counts) and no stops, and every page
-- and call works as before. A route that runs at two times cannot be split here: the database stores
-- one time per route, so its other run exists only in how it is operated. An administrator splits
-- it by creating one route per shift (the same riders and drivers assigned to each) and, when the
-- riders differ by run, moving each to the route of their shift; the demo seed does so.
CREATE TABLE "route_stop_riders" (
	"route_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"stop_id" integer NOT NULL,
	CONSTRAINT "route_stop_riders_route_id_employee_id_pk" PRIMARY KEY("route_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "route_stops" (
	"id" serial PRIMARY KEY NOT NULL,
	"route_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"planned_time" time NOT NULL,
	CONSTRAINT "route_stops_id_route_key" UNIQUE("id","route_id"),
	CONSTRAINT "route_stops_position_check" CHECK ("route_stops"."position" >= 1),
	CONSTRAINT "route_stops_latitude_check" CHECK ("route_stops"."latitude" between -90 and 90),
	CONSTRAINT "route_stops_longitude_check" CHECK ("route_stops"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "shift_days" (
	"shift_id" integer NOT NULL,
	"day_id" smallint NOT NULL,
	CONSTRAINT "shift_days_shift_id_day_id_pk" PRIMARY KEY("shift_id","day_id")
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_office_id" integer NOT NULL,
	"name" text NOT NULL,
	"direction" text NOT NULL,
	"time" time NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shifts_direction_check" CHECK ("shifts"."direction" in ('inbound', 'outbound')),
	CONSTRAINT "shifts_status_check" CHECK ("status" in ('active', 'inactive'))
);
--> statement-breakpoint
ALTER TABLE "routes" ADD COLUMN "shift_id" integer;--> statement-breakpoint
ALTER TABLE "routes" ADD COLUMN "seats" smallint;--> statement-breakpoint
ALTER TABLE "route_stop_riders" ADD CONSTRAINT "route_stop_riders_stop_fk" FOREIGN KEY ("stop_id","route_id") REFERENCES "public"."route_stops"("id","route_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_stop_riders" ADD CONSTRAINT "route_stop_riders_rider_fk" FOREIGN KEY ("route_id","employee_id") REFERENCES "public"."route_employees"("route_id","employee_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_stops" ADD CONSTRAINT "route_stops_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_days" ADD CONSTRAINT "shift_days_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_days" ADD CONSTRAINT "shift_days_day_id_days_id_fk" FOREIGN KEY ("day_id") REFERENCES "public"."days"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_branch_office_id_branch_offices_id_fk" FOREIGN KEY ("branch_office_id") REFERENCES "public"."branch_offices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "route_stop_riders_stop_idx" ON "route_stop_riders" USING btree ("stop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "route_stops_route_position_key" ON "route_stops" USING btree ("route_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_branch_office_name_key" ON "shifts" USING btree ("branch_office_id",lower("name"));--> statement-breakpoint
CREATE INDEX "shifts_created_at_id_idx" ON "shifts" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "routes" ADD CONSTRAINT "routes_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "routes_shift_idx" ON "routes" USING btree ("shift_id");--> statement-breakpoint
ALTER TABLE "routes" ADD CONSTRAINT "routes_seats_check" CHECK ("routes"."seats" between 1 and 120);