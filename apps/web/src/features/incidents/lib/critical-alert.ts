import type { IncidentItem } from "@treiber/contract";

/**
 * Whether an incident rings the panel (sound and highlight): a critical one, open, that this page
 * has not seen before (neither in a loaded list nor in an earlier event). Acknowledging or closing
 * a known one, or the hub repeating it, never rings.
 */
export function isNewCritical(item: IncidentItem, seen: ReadonlySet<number>): boolean {
  return item.severity === "critical" && item.status === "OPEN" && !seen.has(item.id);
}

/**
 * The highlighted incidents after one changed: added when it rang (`isNewCritical` before it was
 * marked seen), dropped once it is no longer open.
 */
export function nextHighlighted(
  highlighted: ReadonlySet<number>,
  item: IncidentItem,
  rang: boolean,
): ReadonlySet<number> {
  if (rang) return new Set([...highlighted, item.id]);
  if (item.status !== "OPEN" && highlighted.has(item.id)) {
    const next = new Set(highlighted);
    next.delete(item.id);
    return next;
  }
  return highlighted;
}
