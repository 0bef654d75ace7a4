/*
 * Every table, column and index the migrations in `drizzle/*.sql` create, declared by area in
 * `schema/*.ts` and re-exported here: importers, drizzle.config.ts and `npm run db:check` use this
 * file. `npm run db:check` proves it: the latest snapshot in `drizzle/meta` matches these tables,
 * and a database built by the migrations has the same columns, constraints and indexes as one built
 * from them alone, except what Drizzle cannot express, which lives only in the migrations:
 * - the `pg_trgm` extension (0000) and the immutable `search_fold(text)` function (0006) that the
 *   search indexes and the generated `search_text` columns call;
 * - the exclusion constraint `cuts_no_overlap` (0002);
 * - the `INCLUDE` columns of `service_shares_ended_idx` and of the primary key of
 *   `employee_day_totals` (declared without them);
 * - the trigger functions and triggers: the snapshots of `transport_services.branch_office_id` and
 *   `intermediate_routes.route_name`, and the seven summary tables of `schema/summaries.ts`, which
 *   the application only reads. docs/database.md maps each one to its triggers and to the writes
 *   that fire them (apps/api/test/db/trigger-map.test.ts keeps the page true);
 * - the seven days of the week, inserted by 0002.
 */
export * from "./schema/accounts.js";
export * from "./schema/bookings.js";
export * from "./schema/catalog.js";
export * from "./schema/client-actions.js";
export * from "./schema/cut-trips.js";
export * from "./schema/cuts.js";
export * from "./schema/day-plans.js";
export * from "./schema/disputes.js";
export * from "./schema/documents.js";
export * from "./schema/emission-factors.js";
export * from "./schema/geocoding.js";
export * from "./schema/incidents.js";
export * from "./schema/integration.js";
export * from "./schema/notifications.js";
export * from "./schema/people.js";
export * from "./schema/routes.js";
export * from "./schema/safety.js";
export * from "./schema/scheduled-jobs.js";
export * from "./schema/shifts.js";
export * from "./schema/summaries.js";
export * from "./schema/trips.js";
