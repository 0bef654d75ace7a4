// Who signs in: users, their profile images, refresh tokens and password-reset codes.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  bytea,
  createdAt,
  createdAtIdIndex,
  status,
  statusCheck,
  timestamptz,
  updatedAt,
} from "./columns.js";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role").notNull(),
    status: status(),
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    lastSignInAt: timestamptz("last_sign_in_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    index("users_role_status_idx").on(t.role, t.status),
    index("users_created_at_idx").on(t.createdAt),
    createdAtIdIndex("users", t),
    index("users_email_trgm").using("gin", t.email.op("gin_trgm_ops")),
    check(
      "users_role_check",
      sql`${t.role} in ('SuperAdmin', 'Admin', 'Collaborator', 'Driver', 'Supplier')`,
    ),
    statusCheck("users"),
  ],
);

export const profileImages = pgTable("profile_images", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  contentType: text("content_type").notNull(),
  data: bytea("data").notNull(),
  etag: text("etag").notNull(),
  updatedAt: updatedAt(),
});

export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    familyId: uuid("family_id").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    revokedAt: timestamptz("revoked_at"),
    replacedById: integer("replaced_by_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("refresh_tokens_token_hash_key").on(t.tokenHash),
    index("refresh_tokens_family_idx").on(t.familyId),
    index("refresh_tokens_user_idx").on(t.userId),
  ],
);

export const passwordResetCodes = pgTable(
  "password_reset_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    usedAt: timestamptz("used_at"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_codes_user_idx").on(t.userId, t.createdAt)],
);
