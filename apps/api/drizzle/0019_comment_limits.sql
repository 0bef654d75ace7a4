-- Issue 32: a collaborator's comments are limited (per trip, and per hour: comments by employee and
-- time), and an admin's unread COMMENT notification of a trip groups the comments that follow it
-- (the trip it is about, and how many comments it stands for).
ALTER TABLE "notifications" ADD COLUMN "intermediate_route_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "event_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_intermediate_route_id_intermediate_routes_id_fk" FOREIGN KEY ("intermediate_route_id") REFERENCES "public"."intermediate_routes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_trip_unread_idx" ON "notifications" USING btree ("intermediate_route_id","user_id") WHERE "notifications"."read_at" is null and "notifications"."intermediate_route_id" is not null;--> statement-breakpoint
CREATE INDEX "comments_employee_created_idx" ON "comments" USING btree ("employee_id","created_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_event_count_check" CHECK ("notifications"."event_count" >= 1);