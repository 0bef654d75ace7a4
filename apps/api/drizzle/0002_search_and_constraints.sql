-- Days of the week (ISO order).
INSERT INTO "days" ("id", "name") VALUES
  (1, 'Lunes'), (2, 'Martes'), (3, 'Miércoles'), (4, 'Jueves'), (5, 'Viernes'), (6, 'Sábado'), (7, 'Domingo')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
-- A period is billed at most once: two cuts never overlap, even when requested at the same time.
ALTER TABLE "cuts" ADD CONSTRAINT "cuts_no_overlap" EXCLUDE USING gist (tstzrange("since_at", "until_at", '[)') WITH &&);
--> statement-breakpoint
-- Trigram indexes for the searches (criterion): ILIKE '%text%' uses them instead of scanning.
CREATE INDEX "employees_search_trgm" ON "employees" USING gin ((lower("name" || ' ' || "lastname" || ' ' || "code_employee")) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "drivers_search_trgm" ON "drivers" USING gin ((lower("name" || ' ' || "lastname" || ' ' || replace("identity_card", '-', ''))) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_email_trgm" ON "users" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "suppliers_search_trgm" ON "suppliers" USING gin ((lower("name")) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "routes_search_trgm" ON "routes" USING gin ((lower("name")) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "destinations_search_trgm" ON "destinations" USING gin ((lower("name")) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "branch_offices_search_trgm" ON "branch_offices" USING gin ((lower("name")) gin_trgm_ops);
