CREATE TABLE "emission_factors" (
	"vehicle_type" text PRIMARY KEY NOT NULL,
	"kg_per_km" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" integer,
	CONSTRAINT "emission_factors_vehicle_type_check" CHECK ("emission_factors"."vehicle_type" in ('car', 'van', 'minibus', 'bus')),
	CONSTRAINT "emission_factors_kg_per_km_check" CHECK ("emission_factors"."kg_per_km" >= 0 and "emission_factors"."kg_per_km" <= 5)
);
--> statement-breakpoint
ALTER TABLE "emission_factors" ADD CONSTRAINT "emission_factors_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;