import type { DuplicateMessages } from "../../lib/db-errors.js";

/** The user's unique columns → the field and Spanish message a 409 reports. */
export const USER_DUPLICATES: DuplicateMessages = {
  users_email_key: ["email", "Ya existe un usuario con este correo"],
};
