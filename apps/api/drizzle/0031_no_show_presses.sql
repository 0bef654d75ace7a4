CREATE TABLE "no_show_presses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"intermediate_route_id" integer NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"pressed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "no_show_presses" ADD CONSTRAINT "no_show_presses_intermediate_route_id_intermediate_routes_id_fk" FOREIGN KEY ("intermediate_route_id") REFERENCES "public"."intermediate_routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "no_show_presses_trip_idx" ON "no_show_presses" USING btree ("intermediate_route_id","pressed_at");