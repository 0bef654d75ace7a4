-- Searches ignore accents and case: "martinez" finds "Martínez", "pena" finds "Peña". search_fold is
-- immutable and inlined by the planner, so the trigram indexes below (rebuilt on the folded text)
-- serve `search_fold(expression) LIKE '%…%'`. The web and API fold the criterion the same way
-- (lib/paging.ts `foldSearch`).
CREATE OR REPLACE FUNCTION "search_fold"(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT lower(translate($1, 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇÝáàâäãéèêëíìîïóòôöõúùûüñçý',
    'AAAAAEEEEIIIIOOOOOUUUUNCYaaaaaeeeeiiiiooooouuuuncy'))
$$;
--> statement-breakpoint
-- Collaborators and drivers keep their folded search text in a stored generated column: a search
-- matching thousands of rows rechecks each one, and reading the column is several times cheaper than
-- folding the text again (translate) for every row (measured: 3,125 matches in 50,000, 18 ms → 4 ms).
ALTER TABLE "employees" ADD COLUMN "search_text" text
  GENERATED ALWAYS AS (search_fold("name" || ' ' || "lastname" || ' ' || "code_employee")) STORED;
--> statement-breakpoint
DROP INDEX IF EXISTS "employees_search_trgm";
--> statement-breakpoint
CREATE INDEX "employees_search_trgm" ON "employees" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "search_text" text
  GENERATED ALWAYS AS (search_fold("name" || ' ' || "lastname" || ' ' || replace("identity_card", '-', ''))) STORED;
--> statement-breakpoint
DROP INDEX IF EXISTS "drivers_search_trgm";
--> statement-breakpoint
CREATE INDEX "drivers_search_trgm" ON "drivers" USING gist ("search_text" gist_trgm_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS "suppliers_search_trgm";
--> statement-breakpoint
CREATE INDEX "suppliers_search_trgm" ON "suppliers" USING gin ((search_fold("name")) gin_trgm_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS "routes_search_trgm";
--> statement-breakpoint
CREATE INDEX "routes_search_trgm" ON "routes" USING gin ((search_fold("name")) gin_trgm_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS "destinations_search_trgm";
--> statement-breakpoint
CREATE INDEX "destinations_search_trgm" ON "destinations" USING gin ((search_fold("name")) gin_trgm_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS "branch_offices_search_trgm";
--> statement-breakpoint
CREATE INDEX "branch_offices_search_trgm" ON "branch_offices" USING gin ((search_fold("name")) gin_trgm_ops);
