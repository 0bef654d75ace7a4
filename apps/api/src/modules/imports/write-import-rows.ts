import type { Tx } from "../../db/client.js";
import { insertOutboxMails } from "../../mail/mail-outbox-repository.js";
import { hashTemporaryPassword, importTemporaryPassword } from "../auth/passwords.js";
import { temporaryPasswordMail } from "../auth/signup-service.js";
import { chunks, insertUsers } from "./import-accounts-repository.js";
import type { ImportKind, ResolvedRow, StoredPerson } from "./import-kind.js";

/**
 * Batch by batch: the new accounts (temporary passwords hashed fast, decision 0050), their
 * people and their mails (held until `invitationsAt` when given); then the updates (the people's
 * data, never their accounts); `unchanged` rows are not written. Returns the mails' ids.
 */
export async function writeImportRows<T extends { email: string }, S extends StoredPerson>(
  tx: Tx,
  kind: ImportKind<T, S>,
  rows: ResolvedRow<T, S>[],
  invitationsAt: Date | undefined,
): Promise<number[]> {
  const mailIds: number[] = [];
  for (const part of chunks(rows.filter((row) => row.action === "create"))) {
    const passwords = part.map(() => importTemporaryPassword());
    const userIds = await insertUsers(
      tx,
      part.map((row, index) => ({
        email: (row.data as T).email,
        passwordHash: hashTemporaryPassword(passwords[index] as string),
        role: kind.role,
      })),
    );
    await kind.write(tx, {
      creates: part.map((row) => {
        const data = row.data as T;
        return { row, data, catalogId: row.catalogId as number, userId: userIds.get(data.email) as number };
      }),
      updates: [],
    });
    const mails = part.map((row, index) =>
      temporaryPasswordMail((row.data as T).email, passwords[index] as string),
    );
    mailIds.push(...(await insertOutboxMails(tx, mails, invitationsAt)));
  }
  for (const part of chunks(rows.filter((row) => row.action === "update"))) {
    const updates = part.map((row) => ({
      row,
      data: row.data as T,
      catalogId: row.catalogId as number,
      stored: row.stored as S,
    }));
    // The accounts stay as they are: an update's e-mail is the stored one (resolve checked it).
    await kind.write(tx, { creates: [], updates });
  }
  return mailIds;
}
