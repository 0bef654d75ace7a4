-- Treiber App (issue 10): client action ids applied once per user (client_actions), and how,
-- where a boarding was recorded (QR scan or manual with a reason, the phone's position).
CREATE TABLE "client_actions" (
	"user_id" integer NOT NULL,
	"action_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_actions_pkey" PRIMARY KEY("user_id","action_id")
);
--> statement-breakpoint
ALTER TABLE "transport_services" ADD COLUMN "boarding_method" text;--> statement-breakpoint
ALTER TABLE "transport_services" ADD COLUMN "boarding_reason" text;--> statement-breakpoint
ALTER TABLE "transport_services" ADD COLUMN "boarded_latitude" double precision;--> statement-breakpoint
ALTER TABLE "transport_services" ADD COLUMN "boarded_longitude" double precision;--> statement-breakpoint
ALTER TABLE "client_actions" ADD CONSTRAINT "client_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_actions_created_idx" ON "client_actions" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "transport_services" ADD CONSTRAINT "transport_services_boarding_method_check" CHECK ("transport_services"."boarding_method" is null or "transport_services"."boarding_method" in ('qr', 'manual'));
