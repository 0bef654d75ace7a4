-- Lists page by (created_at DESC, id DESC): a two-column btree serves that ORDER BY (scanned
-- backwards) so LIMIT/OFFSET stops early instead of sorting the whole table (rows created in one
-- statement share created_at, so the single-column index alone still needed a sort on id).
CREATE INDEX IF NOT EXISTS "employees_created_at_id_idx" ON "employees" USING btree ("created_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "drivers_created_at_id_idx" ON "drivers" USING btree ("created_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_created_at_id_idx" ON "users" USING btree ("created_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "routes_created_at_id_idx" ON "routes" USING btree ("created_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "suppliers_created_at_id_idx" ON "suppliers" USING btree ("created_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "branch_offices_created_at_id_idx" ON "branch_offices" USING btree ("created_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "destinations_created_at_id_idx" ON "destinations" USING btree ("created_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "routes_not_scheduled_scheduled_at_id_idx" ON "routes_not_scheduled" USING btree ("scheduled_at", "id");
--> statement-breakpoint
-- Drivers' search as a GiST trigram index (same name and expression as in 0002): on a table of a
-- few thousand rows the GIN estimate for long criteria lost to a sequential scan that costs 10x the
-- index (lower/replace per row); the GiST estimate keeps the search on the index.
DROP INDEX IF EXISTS "drivers_search_trgm";
--> statement-breakpoint
CREATE INDEX "drivers_search_trgm" ON "drivers" USING gist ((lower("name" || ' ' || "lastname" || ' ' || replace("identity_card", '-', ''))) gist_trgm_ops);
