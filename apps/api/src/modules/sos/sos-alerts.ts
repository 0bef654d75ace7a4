import type { SosPush } from "@treiber/contract";
import type { BranchOfficeTime } from "../../lib/branch-office-time.js";
import type { Mail } from "../../mail/mailer.js";

/** What an SOS's alerts tell: who, their phone, the route (if any), where and when (server time). */
export type SosFacts = {
  name: string;
  phone: string | null;
  routeName: string | null;
  branchOfficeId: number | null;
  latitude: number;
  longitude: number;
  at: number;
};

/** A link that opens the position on a map in any browser (no account, no key). */
export const mapLink = (latitude: number, longitude: number) =>
  `https://www.openstreetmap.org/?mlat=${latitude.toFixed(6)}&mlon=${longitude.toFixed(6)}#map=17/${latitude.toFixed(6)}/${longitude.toFixed(6)}`;

/** The Web Push to each admin: «SOS: <nombre>», the route and the branch office's time. */
export function sosPush(incidentId: number, facts: SosFacts, time: BranchOfficeTime): SosPush {
  const when = time.hhmm(facts.at);
  return {
    kind: "SOS",
    incidentId,
    title: `SOS: ${facts.name}`,
    message: facts.routeName ? `${facts.routeName} · ${when}` : `Sin viaje en curso · ${when}`,
    at: new Date(facts.at).toISOString(),
  };
}

/** One mail per emergency contact: name, phone, route, time and the map link. */
export function sosAlertMails(emails: readonly string[], facts: SosFacts, time: BranchOfficeTime): Mail[] {
  const link = mapLink(facts.latitude, facts.longitude);
  const day = time.serviceDay(facts.at).split("-").reverse().join("/");
  const text = [
    `${facts.name} envió una alerta SOS desde Treiber App.`,
    "",
    `Teléfono: ${facts.phone ?? "no registrado"}`,
    `Ruta: ${facts.routeName ?? "sin viaje en curso"}`,
    `Hora: ${day} ${time.hhmm(facts.at)}`,
    `Ubicación: ${link}`,
    "",
    "El centro de control ya recibió la alerta. Si no puede comunicarse con la persona, llame a emergencias.",
  ].join("\n");
  return emails.map((to) => ({ to, subject: `SOS: ${facts.name}`, text }));
}
