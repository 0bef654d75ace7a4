/**
 * Changing who signs in (issue 32): only on the person's page (PUT Employee, PUT driver), never by
 * an import. A new e-mail ends every session of the person (as a regenerated password does) and
 * its reset codes, and a mail tells the old address, all in the caller's transaction.
 */
import type { Tx } from "../../db/client.js";
import { insertOutboxMails } from "../../mail/mail-outbox-repository.js";
import type { Mail, Mailer } from "../../mail/mailer.js";
import { revokeUserTokens } from "./account-repository.js";
import type { AccountRights } from "./account-rights.js";
import { endResetCodes, lockUserEmail, setUserEmail } from "./login-email-repository.js";

/** The mail to the old address. */
export const loginEmailChangedMail = (oldEmail: string, newEmail: string): Mail => ({
  to: oldEmail,
  subject: "Treiber: cambió su correo de inicio de sesión",
  text: `El correo con el que inicia sesión en Treiber cambió de ${oldEmail} a ${newEmail}. Sus sesiones abiertas se cerraron. Si usted no pidió este cambio, comuníquese de inmediato con el administrador.`,
});

/** A committed change: whose sessions ended and the outbox mail to send. */
export type LoginEmailChange = { userId: number; mailIds: number[] };

/**
 * In the caller's transaction: the user's new e-mail (compared without case, as it is stored in
 * lower case); undefined when it does not change. Another account's e-mail fails on
 * `users_email_key` (the caller answers 409).
 */
export async function changeLoginEmail(
  tx: Tx,
  userId: number,
  email: string,
): Promise<LoginEmailChange | undefined> {
  const current = await lockUserEmail(tx, userId);
  if (current === undefined || current.toLowerCase() === email.toLowerCase()) return undefined;
  await setUserEmail(tx, userId, email);
  await revokeUserTokens(tx, userId);
  await endResetCodes(tx, userId);
  const mailIds = await insertOutboxMails(tx, [loginEmailChangedMail(current, email)]);
  return { userId, mailIds };
}

/**
 * After the commit: the person's access tokens and hub connections stop at once (decision 0023),
 * and the mail goes out in the background.
 */
export async function announceLoginEmailChange(
  deps: { rights: AccountRights; mailer: Mailer },
  change: LoginEmailChange | undefined,
) {
  if (!change) return;
  await deps.rights.changed(change.userId);
  void deps.mailer.sendQueued(change.mailIds);
}
