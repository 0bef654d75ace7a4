import { z } from "zod";
import { passwordSchema } from "./auth.js";
import { emailSchema, idSchema, type Role, requiredText } from "./common.js";

/**
 * The supplier portal (issue 37): users of a supplier sign in to a reduced back office with their
 * drivers and vehicles, trips and trip sheets, cuts limited to their trips, incidents and on-time
 * figures, documents and disputes. Every list is filtered on the server to their supplier.
 */
export const SUPPLIER_ROLE = "Supplier" satisfies Role;
/** Who may call an operation of the supplier portal: admins see every supplier, a supplier only theirs. */
export const SUPPLIER_PORTAL_ROLES: readonly Role[] = ["SuperAdmin", "Admin", "Supplier"];

/** `POST Auth/supplierSignup` (Admin and SuperAdmin, like driverSignup). */
export const supplierSignupRequestSchema = z.object({
  email: emailSchema,
  password: passwordSchema.optional(),
  name: requiredText(80),
  lastname: requiredText(80),
  supplierId: idSchema,
});
export type SupplierSignupRequest = z.infer<typeof supplierSignupRequestSchema>;
