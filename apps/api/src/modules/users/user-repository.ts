import type { Role } from "@treiber/contract";
import type { Tx } from "../../db/client.js";
import { users } from "../../db/schema.js";

export async function insertUser(
  tx: Tx,
  values: { email: string; passwordHash: string; role: Role; mustChangePassword: boolean },
): Promise<number> {
  const [row] = await tx.insert(users).values(values).returning({ id: users.id });
  if (!row) throw new Error("user insert returned nothing");
  return row.id;
}
