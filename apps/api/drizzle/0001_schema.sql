CREATE TABLE "branch_offices" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"telephone" text,
	"latitude" double precision,
	"longitude" double precision,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branch_offices_status_check" CHECK ("status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"intermediate_route_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cuts" (
	"id" serial PRIMARY KEY NOT NULL,
	"since_at" timestamp with time zone NOT NULL,
	"until_at" timestamp with time zone NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cuts_period_check" CHECK ("cuts"."since_at" < "cuts"."until_at")
);
--> statement-breakpoint
CREATE TABLE "days" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "destinations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"address" text,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drivers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"name" text NOT NULL,
	"lastname" text NOT NULL,
	"identity_card" text NOT NULL,
	"telephone" text,
	"license_number" text,
	"vehicle_plate" text,
	"vehicle_model" text,
	"vehicle_capacity" integer,
	"code_qr" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_employee" text NOT NULL,
	"name" text NOT NULL,
	"lastname" text NOT NULL,
	"department" text,
	"job_title" text,
	"telephone" text,
	"branch_office_id" integer,
	"address" text,
	"latitude" double precision,
	"longitude" double precision,
	"code_qr" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intermediate_routes" (
	"id" serial PRIMARY KEY NOT NULL,
	"route_id" integer,
	"route_not_scheduled_id" integer,
	"driver_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"status" text DEFAULT 'InProgress' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"cost" numeric(12, 2) NOT NULL,
	"last_latitude" double precision,
	"last_longitude" double precision,
	"last_position_at" timestamp with time zone,
	"cut_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intermediate_routes_status_check" CHECK ("intermediate_routes"."status" in ('InProgress', 'Finished')),
	CONSTRAINT "intermediate_routes_kind_check" CHECK (("intermediate_routes"."route_id" is null) <> ("intermediate_routes"."route_not_scheduled_id" is null)),
	CONSTRAINT "intermediate_routes_end_check" CHECK ("intermediate_routes"."ended_at" is null or "intermediate_routes"."ended_at" >= "intermediate_routes"."started_at")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"tag" text NOT NULL,
	"message_json" text DEFAULT '{}' NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_tag_check" CHECK ("notifications"."tag" in ('COMMENT', 'CANCELED', 'ASSIGNED'))
);
--> statement-breakpoint
CREATE TABLE "password_reset_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_images" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"etag" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"family_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"replaced_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "route_days" (
	"route_id" integer NOT NULL,
	"day_id" smallint NOT NULL,
	CONSTRAINT "route_days_route_id_day_id_pk" PRIMARY KEY("route_id","day_id")
);
--> statement-breakpoint
CREATE TABLE "route_drivers" (
	"route_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "route_drivers_route_id_driver_id_pk" PRIMARY KEY("route_id","driver_id")
);
--> statement-breakpoint
CREATE TABLE "route_employees" (
	"route_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "route_employees_route_id_employee_id_pk" PRIMARY KEY("route_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "route_not_scheduled_employees" (
	"route_not_scheduled_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	CONSTRAINT "route_not_scheduled_employees_route_not_scheduled_id_employee_id_pk" PRIMARY KEY("route_not_scheduled_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "routes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"destination_id" integer NOT NULL,
	"departure_time" time,
	"cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "routes_cost_check" CHECK ("routes"."cost" >= 0),
	CONSTRAINT "routes_status_check" CHECK ("status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "routes_not_scheduled" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"scheduled_at" timestamp with time zone NOT NULL,
	"driver_id" integer NOT NULL,
	"cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"origin_address" text,
	"origin_latitude" double precision,
	"origin_longitude" double precision,
	"destination_id" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "routes_not_scheduled_cost_check" CHECK ("routes_not_scheduled"."cost" >= 0),
	CONSTRAINT "routes_not_scheduled_status_check" CHECK ("status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"rnc" text,
	"contact_name" text,
	"telephone" text,
	"email" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_status_check" CHECK ("status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "transport_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"intermediate_route_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"status" text NOT NULL,
	"scanned_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transport_services_status_check" CHECK ("transport_services"."status" in ('Boarded', 'Canceled'))
);
--> statement-breakpoint
CREATE TABLE "trip_positions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"intermediate_route_id" integer NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"heading" double precision,
	"speed" double precision,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('SuperAdmin', 'Admin', 'Collaborator', 'Driver')),
	CONSTRAINT "users_status_check" CHECK ("status" in ('active', 'inactive'))
);
--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_intermediate_route_id_intermediate_routes_id_fk" FOREIGN KEY ("intermediate_route_id") REFERENCES "public"."intermediate_routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cuts" ADD CONSTRAINT "cuts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_branch_office_id_branch_offices_id_fk" FOREIGN KEY ("branch_office_id") REFERENCES "public"."branch_offices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intermediate_routes" ADD CONSTRAINT "intermediate_routes_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intermediate_routes" ADD CONSTRAINT "intermediate_routes_route_not_scheduled_id_routes_not_scheduled_id_fk" FOREIGN KEY ("route_not_scheduled_id") REFERENCES "public"."routes_not_scheduled"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intermediate_routes" ADD CONSTRAINT "intermediate_routes_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intermediate_routes" ADD CONSTRAINT "intermediate_routes_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intermediate_routes" ADD CONSTRAINT "intermediate_routes_cut_id_cuts_id_fk" FOREIGN KEY ("cut_id") REFERENCES "public"."cuts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_codes" ADD CONSTRAINT "password_reset_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_images" ADD CONSTRAINT "profile_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_days" ADD CONSTRAINT "route_days_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_days" ADD CONSTRAINT "route_days_day_id_days_id_fk" FOREIGN KEY ("day_id") REFERENCES "public"."days"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_drivers" ADD CONSTRAINT "route_drivers_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_drivers" ADD CONSTRAINT "route_drivers_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_employees" ADD CONSTRAINT "route_employees_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_employees" ADD CONSTRAINT "route_employees_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_not_scheduled_employees" ADD CONSTRAINT "route_not_scheduled_employees_route_not_scheduled_id_routes_not_scheduled_id_fk" FOREIGN KEY ("route_not_scheduled_id") REFERENCES "public"."routes_not_scheduled"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_not_scheduled_employees" ADD CONSTRAINT "route_not_scheduled_employees_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routes" ADD CONSTRAINT "routes_destination_id_destinations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."destinations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routes_not_scheduled" ADD CONSTRAINT "routes_not_scheduled_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routes_not_scheduled" ADD CONSTRAINT "routes_not_scheduled_destination_id_destinations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."destinations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_services" ADD CONSTRAINT "transport_services_intermediate_route_id_intermediate_routes_id_fk" FOREIGN KEY ("intermediate_route_id") REFERENCES "public"."intermediate_routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_services" ADD CONSTRAINT "transport_services_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_positions" ADD CONSTRAINT "trip_positions_intermediate_route_id_intermediate_routes_id_fk" FOREIGN KEY ("intermediate_route_id") REFERENCES "public"."intermediate_routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "branch_offices_name_key" ON "branch_offices" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "branch_offices_created_at_idx" ON "branch_offices" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "comments_trip_employee_idx" ON "comments" USING btree ("intermediate_route_id","employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "destinations_name_key" ON "destinations" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "destinations_created_at_idx" ON "destinations" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "drivers_user_id_key" ON "drivers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "drivers_identity_card_key" ON "drivers" USING btree ("identity_card");--> statement-breakpoint
CREATE UNIQUE INDEX "drivers_code_qr_key" ON "drivers" USING btree ("code_qr");--> statement-breakpoint
CREATE INDEX "drivers_supplier_idx" ON "drivers" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "drivers_created_at_idx" ON "drivers" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_user_id_key" ON "employees" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_code_employee_key" ON "employees" USING btree (lower("code_employee"));--> statement-breakpoint
CREATE UNIQUE INDEX "employees_code_qr_key" ON "employees" USING btree ("code_qr");--> statement-breakpoint
CREATE INDEX "employees_branch_office_idx" ON "employees" USING btree ("branch_office_id");--> statement-breakpoint
CREATE INDEX "employees_created_at_idx" ON "employees" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "intermediate_routes_one_in_progress_per_driver" ON "intermediate_routes" USING btree ("driver_id") WHERE "intermediate_routes"."status" = 'InProgress';--> statement-breakpoint
CREATE INDEX "intermediate_routes_status_idx" ON "intermediate_routes" USING btree ("status");--> statement-breakpoint
CREATE INDEX "intermediate_routes_started_at_idx" ON "intermediate_routes" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "intermediate_routes_driver_started_idx" ON "intermediate_routes" USING btree ("driver_id","started_at");--> statement-breakpoint
CREATE INDEX "intermediate_routes_route_started_idx" ON "intermediate_routes" USING btree ("route_id","started_at");--> statement-breakpoint
CREATE INDEX "intermediate_routes_rns_idx" ON "intermediate_routes" USING btree ("route_not_scheduled_id");--> statement-breakpoint
CREATE INDEX "intermediate_routes_supplier_started_idx" ON "intermediate_routes" USING btree ("supplier_id","started_at");--> statement-breakpoint
CREATE INDEX "intermediate_routes_cut_idx" ON "intermediate_routes" USING btree ("cut_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree ("to","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "password_reset_codes_user_idx" ON "password_reset_codes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_token_hash_key" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "route_drivers_driver_idx" ON "route_drivers" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "route_employees_employee_idx" ON "route_employees" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "route_not_scheduled_employees_employee_idx" ON "route_not_scheduled_employees" USING btree ("employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "routes_name_key" ON "routes" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "routes_destination_idx" ON "routes" USING btree ("destination_id");--> statement-breakpoint
CREATE INDEX "routes_created_at_idx" ON "routes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "routes_not_scheduled_scheduled_at_idx" ON "routes_not_scheduled" USING btree ("scheduled_at");--> statement-breakpoint
CREATE INDEX "routes_not_scheduled_driver_idx" ON "routes_not_scheduled" USING btree ("driver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_name_key" ON "suppliers" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_rnc_key" ON "suppliers" USING btree ("rnc");--> statement-breakpoint
CREATE INDEX "suppliers_created_at_idx" ON "suppliers" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transport_services_trip_employee_key" ON "transport_services" USING btree ("intermediate_route_id","employee_id");--> statement-breakpoint
CREATE INDEX "transport_services_employee_idx" ON "transport_services" USING btree ("employee_id","created_at");--> statement-breakpoint
CREATE INDEX "trip_positions_trip_recorded_idx" ON "trip_positions" USING btree ("intermediate_route_id","recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_role_status_idx" ON "users" USING btree ("role","status");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");