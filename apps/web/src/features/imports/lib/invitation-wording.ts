import { formatNumber } from "@treiber/client/format";
import { IMPORT_INVITATIONS_HOUR } from "@treiber/contract";

/** «Crear sin enviar» (issue 33): hold the invitations, and until which day (`MM/DD/YYYY`). */
export interface InvitationsChoice {
  hold: boolean;
  on: string | null;
}

/** The invitations' date to send with the commit: the chosen day when held, none otherwise. */
export const invitationsOnOf = (choice: InvitationsChoice) => (choice.hold ? choice.on : null);

const plural = (count: number, one: string, many: string) =>
  `${formatNumber(count)} ${count === 1 ? one : many}`;

/**
 * What happens to the new accounts' invitations (their temporary passwords by mail, issue 33),
 * said before the import and after it: sent at once, or held until `heldUntil` (a display date
 * 'DD/MM/YYYY') at IMPORT_INVITATIONS_HOUR.
 */
export function invitationsLine(count: number, heldUntil: string | null, done = false): string {
  if (count === 0) return "No se crean cuentas nuevas: no hay invitaciones que enviar.";
  const invitations = plural(count, "invitación", "invitaciones");
  if (heldUntil === null) {
    if (done)
      return `Se ${count === 1 ? "envía" : "envían"} ${invitations} (la contraseña temporal de cada cuenta nueva, por correo).`;
    return `Se ${count === 1 ? "enviará" : "enviarán"} ${invitations} al importar: cada cuenta nueva recibe por correo su contraseña temporal.`;
  }
  const accounts =
    count === 1
      ? "la cuenta nueva queda creada sin aviso"
      : `las ${formatNumber(count)} cuentas nuevas quedan creadas sin aviso`;
  return `No se enviarán invitaciones hasta el ${heldUntil} a las ${IMPORT_INVITATIONS_HOUR}:00: ${accounts}.`;
}

/** The held invitations waiting (for «Enviar invitaciones»): "3 invitaciones esperan hasta el 15/09/2026". */
export function heldInvitationsLine(held: number, first: string, last: string): string {
  const waiting = `${plural(held, "invitación", "invitaciones")} de cuentas importadas ${held === 1 ? "espera" : "esperan"}`;
  return first === last ? `${waiting} hasta el ${first}.` : `${waiting} su fecha, del ${first} al ${last}.`;
}
