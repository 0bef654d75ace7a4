import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { profileImages, users } from "../../db/schema.js";

export async function userExists(db: Db, id: number) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return row !== undefined;
}

/** Stores a user's image, replacing the one it had. */
export async function upsertProfileImage(
  db: Db,
  values: { userId: number; contentType: string; data: Buffer; etag: string },
) {
  const { userId, ...image } = values;
  await db
    .insert(profileImages)
    .values(values)
    .onConflictDoUpdate({ target: profileImages.userId, set: { ...image, updatedAt: new Date() } });
}

export async function findProfileImage(db: Db, userId: number) {
  const [row] = await db.select().from(profileImages).where(eq(profileImages.userId, userId)).limit(1);
  return row;
}
