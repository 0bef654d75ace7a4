import { DOCUMENT_TYPE_LABELS, type DocumentType, daysUntil, EXPIRING_WITHIN_DAYS } from "@treiber/contract";
import type { Mail } from "../../mail/mailer.js";
import { blocksDriver } from "./compliance.js";
import type { CompliancePaper } from "./compliance-repository.js";

/** `YYYY-MM-DD` → `DD/MM/YYYY`, as the back office writes dates. */
const dmy = (day: string) => day.split("-").reverse().join("/");

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One paper's line: «Licencia de conducir 123 · Juan Pérez: venció el 12/11/2026 (no puede iniciar viajes)». */
function paperLine(paper: CompliancePaper, today: string) {
  const left = daysUntil(paper.expiresOn, today);
  const what = `${DOCUMENT_TYPE_LABELS[paper.type as DocumentType]} ${paper.number} · ${paper.ownerName}`;
  if (left < 0) {
    const blocks = blocksDriver(paper.ownerType, paper.type) ? " (no puede iniciar viajes)" : "";
    return `${what}: venció el ${dmy(paper.expiresOn)}${blocks}`;
  }
  const when = left === 0 ? "hoy" : left === 1 ? "mañana" : `en ${left} días`;
  return `${what}: vence el ${dmy(paper.expiresOn)} (${when})`;
}

type Section = { title: string; lines: string[] };

/** A supplier's papers as the two sections of the mail: expired, then expiring. */
function sectionsOf(papers: readonly CompliancePaper[], today: string): Section[] {
  const expired = papers.filter((paper) => paper.expiresOn < today);
  const expiring = papers.filter((paper) => paper.expiresOn >= today);
  return [
    { title: `Vencidos (${expired.length})`, lines: expired.map((p) => paperLine(p, today)) },
    {
      title: `Por vencer en los próximos ${EXPIRING_WITHIN_DAYS} días (${expiring.length})`,
      lines: expiring.map((p) => paperLine(p, today)),
    },
  ].filter((section) => section.lines.length > 0);
}

function render(intro: string, groups: { heading?: string; sections: Section[] }[], outro: string) {
  const text: string[] = ["Hola,", "", intro];
  const html: string[] = [`<p>Hola,</p><p>${escapeHtml(intro)}</p>`];
  for (const group of groups) {
    if (group.heading) {
      text.push("", group.heading.toUpperCase());
      html.push(`<h2>${escapeHtml(group.heading)}</h2>`);
    }
    for (const section of group.sections) {
      text.push("", `${section.title}:`, ...section.lines.map((line) => `- ${line}`));
      html.push(
        `<h3>${escapeHtml(section.title)}</h3><ul>${section.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`,
      );
    }
  }
  text.push("", outro, "", "Treiber");
  html.push(`<p>${escapeHtml(outro)}</p><p>Treiber</p>`);
  return { text: text.join("\n"), html: html.join("\n") };
}

/** The digest a supplier's users get: their own papers expired or expiring. */
export function supplierDigest(
  to: string,
  supplierName: string,
  papers: readonly CompliancePaper[],
  today: string,
): Mail {
  const body = render(
    `Estos son los documentos de ${supplierName} vencidos o que vencen en los próximos ${EXPIRING_WITHIN_DAYS} días, al ${dmy(today)}:`,
    [{ sections: sectionsOf(papers, today) }],
    "Cargue los documentos renovados en Treiber (Documentos) para que un administrador los apruebe: un chofer con la licencia, el seguro o la inspección vencidos no puede iniciar viajes.",
  );
  return { to, subject: `Treiber: documentos por vencer de ${supplierName} (${dmy(today)})`, ...body };
}

/** The digest the admins get: every supplier's papers, grouped by supplier. */
export function adminDigest(
  to: string,
  bySupplier: readonly { supplierName: string; papers: readonly CompliancePaper[] }[],
  today: string,
): Mail {
  const total = bySupplier.reduce((sum, group) => sum + group.papers.length, 0);
  const body = render(
    `${total} documentos de ${bySupplier.length} suplidores están vencidos o vencen en los próximos ${EXPIRING_WITHIN_DAYS} días, al ${dmy(today)}:`,
    bySupplier.map((group) => ({ heading: group.supplierName, sections: sectionsOf(group.papers, today) })),
    "Los detalles están en Treiber, página Cumplimiento.",
  );
  return { to, subject: `Treiber: documentos por vencer de los suplidores (${dmy(today)})`, ...body };
}
