CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"last_result" jsonb
);
--> statement-breakpoint
CREATE TABLE "trip_traces" (
	"intermediate_route_id" integer PRIMARY KEY NOT NULL,
	"km" double precision NOT NULL,
	"point_count" integer NOT NULL,
	"points" double precision[] NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"compacted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"raw_deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "trip_traces" ADD CONSTRAINT "trip_traces_intermediate_route_id_intermediate_routes_id_fk" FOREIGN KEY ("intermediate_route_id") REFERENCES "public"."intermediate_routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trip_traces_raw_kept_ended_idx" ON "trip_traces" USING btree ("ended_at") WHERE "trip_traces"."raw_deleted_at" is null;