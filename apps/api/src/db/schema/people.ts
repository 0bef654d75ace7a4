// The people a user account belongs to: collaborators (employees), drivers and suppliers' users.
import { sql } from "drizzle-orm";
import { doublePrecision, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import { branchOffices, suppliers } from "./catalog.js";
import { createdAt, createdAtIdIndex, updatedAt } from "./columns.js";

export const employees = pgTable(
  "employees",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    codeEmployee: text("code_employee").notNull(),
    name: text("name").notNull(),
    lastname: text("lastname").notNull(),
    department: text("department"),
    jobTitle: text("job_title"),
    telephone: text("telephone"),
    branchOfficeId: integer("branch_office_id").references(() => branchOffices.id, { onDelete: "restrict" }),
    address: text("address"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    codeQr: text("code_qr").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Folded search text, kept by PostgreSQL (migration 0006). */
    searchText: text("search_text").generatedAlwaysAs(
      sql`search_fold("name" || ' ' || "lastname" || ' ' || "code_employee")`,
    ),
  },
  (t) => [
    uniqueIndex("employees_user_id_key").on(t.userId),
    uniqueIndex("employees_code_employee_key").on(sql`lower(${t.codeEmployee})`),
    uniqueIndex("employees_code_qr_key").on(t.codeQr),
    index("employees_branch_office_idx").on(t.branchOfficeId),
    index("employees_created_at_idx").on(t.createdAt),
    createdAtIdIndex("employees", t),
    index("employees_search_trgm").using("gin", t.searchText.op("gin_trgm_ops")),
  ],
);

export const drivers = pgTable(
  "drivers",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    supplierId: integer("supplier_id")
      .notNull()
      .references(() => suppliers.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    lastname: text("lastname").notNull(),
    identityCard: text("identity_card").notNull(),
    telephone: text("telephone"),
    licenseNumber: text("license_number"),
    vehiclePlate: text("vehicle_plate"),
    vehicleModel: text("vehicle_model"),
    vehicleCapacity: integer("vehicle_capacity"),
    codeQr: text("code_qr").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Folded search text (the identity card without dashes), kept by PostgreSQL (migration 0006). */
    searchText: text("search_text").generatedAlwaysAs(
      sql`search_fold("name" || ' ' || "lastname" || ' ' || replace("identity_card", '-', ''))`,
    ),
  },
  (t) => [
    uniqueIndex("drivers_user_id_key").on(t.userId),
    uniqueIndex("drivers_identity_card_key").on(t.identityCard),
    uniqueIndex("drivers_code_qr_key").on(t.codeQr),
    index("drivers_supplier_idx").on(t.supplierId),
    index("drivers_created_at_idx").on(t.createdAt),
    createdAtIdIndex("drivers", t),
    /** GiST, not GIN: see migrations 0003 and 0006. */
    index("drivers_search_trgm").using("gist", t.searchText.op("gist_trgm_ops")),
  ],
);

/**
 * A user of a supplier (issue 37): signs in to the supplier portal and sees only this supplier's
 * drivers, vehicles, trips, cuts, incidents, documents and disputes.
 */
export const supplierUsers = pgTable(
  "supplier_users",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    supplierId: integer("supplier_id")
      .notNull()
      .references(() => suppliers.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    lastname: text("lastname").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("supplier_users_user_id_key").on(t.userId),
    index("supplier_users_supplier_idx").on(t.supplierId),
  ],
);
