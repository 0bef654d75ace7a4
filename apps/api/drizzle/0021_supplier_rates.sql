ALTER TABLE "suppliers" ADD COLUMN "rate_type" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "rate_amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "rate_car" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "rate_van" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "rate_minibus" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "rate_bus" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "send_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_outbox_held_idx" ON "mail_outbox" USING btree ("send_at") WHERE "mail_outbox"."send_at" is not null and "mail_outbox"."released_at" is null;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_rate_type_check" CHECK ("suppliers"."rate_type" in ('trip', 'km', 'vehicle'));--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_rates_check" CHECK ("suppliers"."rate_amount" >= 0 and "suppliers"."rate_car" >= 0 and "suppliers"."rate_van" >= 0 and "suppliers"."rate_minibus" >= 0 and "suppliers"."rate_bus" >= 0);