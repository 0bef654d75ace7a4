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

/**
 * One sign-in with the company account (issue 39, decision 0087): created when the browser leaves
 * for the identity provider (state, nonce and PKCE verifier, 10 minutes), used once by the
 * callback, which leaves a one-time hand-off code (60 s) the page exchanges for Treiber's session.
 */
export const oidcSignIns = pgTable(
  "oidc_sign_ins",
  {
    id: serial("id").primaryKey(),
    stateHash: text("state_hash").notNull(),
    nonce: text("nonce").notNull(),
    codeVerifier: text("code_verifier").notNull(),
    /** Where the session goes: the back office ("web") or Treiber App ("field"). */
    app: text("app").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    callbackAt: timestamptz("callback_at"),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    handoffHash: text("handoff_hash"),
    handoffExpiresAt: timestamptz("handoff_expires_at"),
    handoffUsedAt: timestamptz("handoff_used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("oidc_sign_ins_state_hash_key").on(t.stateHash),
    uniqueIndex("oidc_sign_ins_handoff_hash_key").on(t.handoffHash),
    index("oidc_sign_ins_expires_idx").on(t.expiresAt),
    check("oidc_sign_ins_app_check", sql`${t.app} in ('web', 'field')`),
  ],
);
