CREATE TABLE "disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"cut_id" integer NOT NULL,
	"intermediate_route_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"reason" text NOT NULL,
	"claimed_cents" bigint NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"note" text,
	"accepted_cents" bigint,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"adjustment_cut_id" integer,
	CONSTRAINT "disputes_status_check" CHECK ("disputes"."status" in ('OPEN', 'ACCEPTED', 'REJECTED')),
	CONSTRAINT "disputes_claimed_check" CHECK ("disputes"."claimed_cents" > 0),
	CONSTRAINT "disputes_resolution_check" CHECK (("disputes"."status" = 'OPEN') = ("disputes"."resolved_at" is null) and ("disputes"."status" = 'ACCEPTED') = ("disputes"."accepted_cents" is not null)),
	CONSTRAINT "disputes_adjustment_check" CHECK ("disputes"."adjustment_cut_id" is null or "disputes"."status" = 'ACCEPTED')
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"type" text NOT NULL,
	"category" text,
	"number" text NOT NULL,
	"expires_on" date NOT NULL,
	"review" text DEFAULT 'PENDING' NOT NULL,
	"review_note" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_owner_type_check" CHECK ("documents"."owner_type" in ('DRIVER', 'VEHICLE', 'SUPPLIER')),
	CONSTRAINT "documents_type_check" CHECK ("documents"."type" in ('LICENSE', 'MEDICAL_CERTIFICATE', 'INSURANCE', 'TECHNICAL_INSPECTION', 'ROUTE_PERMIT', 'CONTRACT', 'TAX_REGISTRATION')),
	CONSTRAINT "documents_review_check" CHECK ("documents"."review" in ('PENDING', 'APPROVED', 'REJECTED')),
	CONSTRAINT "documents_size_check" CHECK ("documents"."size_bytes" > 0)
);
--> statement-breakpoint
CREATE TABLE "supplier_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"name" text NOT NULL,
	"lastname" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_cut_id_cuts_id_fk" FOREIGN KEY ("cut_id") REFERENCES "public"."cuts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_intermediate_route_id_cut_trips_intermediate_route_id_fk" FOREIGN KEY ("intermediate_route_id") REFERENCES "public"."cut_trips"("intermediate_route_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_adjustment_cut_id_cuts_id_fk" FOREIGN KEY ("adjustment_cut_id") REFERENCES "public"."cuts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_users" ADD CONSTRAINT "supplier_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_users" ADD CONSTRAINT "supplier_users_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disputes_cut_idx" ON "disputes" USING btree ("cut_id","status");--> statement-breakpoint
CREATE INDEX "disputes_supplier_idx" ON "disputes" USING btree ("supplier_id","created_at");--> statement-breakpoint
CREATE INDEX "disputes_adjustment_cut_idx" ON "disputes" USING btree ("adjustment_cut_id");--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_open_trip_key" ON "disputes" USING btree ("intermediate_route_id") WHERE "disputes"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "documents_owner_idx" ON "documents" USING btree ("owner_type","owner_id","type","expires_on");--> statement-breakpoint
CREATE INDEX "documents_supplier_idx" ON "documents" USING btree ("supplier_id","expires_on");--> statement-breakpoint
CREATE INDEX "documents_expires_on_idx" ON "documents" USING btree ("expires_on");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_users_user_id_key" ON "supplier_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "supplier_users_supplier_idx" ON "supplier_users" USING btree ("supplier_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('SuperAdmin', 'Admin', 'Collaborator', 'Driver', 'Supplier'));