import type { FastifyInstance } from "fastify";
import { createSupplier, createUser, type SignedIn, signIn } from "./test-app.js";

/**
 * A Supplier user of `supplierId` (issue 37; a new supplier when not given), password
 * TEST_PASSWORD, with its `supplier_users` row, signed in on `app`: `{ user, supplierId, userId,
 * token, refreshToken, headers }`. Use `headers` on `app.inject` like any other session.
 */
export async function createSupplierUser(
  app: FastifyInstance,
  supplierId?: number,
  options: { status?: "active" | "inactive" } = {},
): Promise<SignedIn & { user: Awaited<ReturnType<typeof createUser>>; supplierId: number }> {
  const ownSupplierId = supplierId ?? (await createSupplier()).id;
  const user = await createUser({ role: "Supplier", supplierId: ownSupplierId, status: options.status });
  return { user, supplierId: ownSupplierId, ...(await signIn(app, user.email)) };
}

/** A Supplier user of `supplierId` not signed in (for sign-in tests): the user row and its password. */
export async function createSupplierAccount(
  supplierId: number,
  options: { status?: "active" | "inactive" } = {},
) {
  return createUser({ role: "Supplier", supplierId, status: options.status });
}
