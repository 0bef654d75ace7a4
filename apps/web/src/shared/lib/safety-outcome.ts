import { SAFETY_OUTCOME_LABELS, type SafetyOutcome } from "@treiber/contract";

/**
 * How a safety incident (SOS, unconfirmed safe arrival; issue 38) was closed by hand, as lists
 * show it: 'Falsa alarma · cerrada por Ana Gómez'; null when it was not (other types, still open).
 */
export function safetyCloseText(row: {
  outcome?: SafetyOutcome | null;
  closedBy?: string | null;
}): string | null {
  if (!row.outcome && !row.closedBy) return null;
  const outcome = row.outcome ? SAFETY_OUTCOME_LABELS[row.outcome] : "Cerrada";
  return row.closedBy ? `${outcome} · cerrada por ${row.closedBy}` : outcome;
}
