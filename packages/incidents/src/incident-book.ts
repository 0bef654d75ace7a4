import type {
  EvidencePosition,
  IncidentDetail,
  IncidentTransition,
  IncidentType,
  OpenIncident,
} from "./types.js";

const NONE: readonly IncidentTransition[] = Object.freeze([]);

/**
 * The open incidents of one trip and when each closed, keyed by type (and stop for SKIPPED_STOP).
 * An incident never reopens within `reopenAfterMs` of closing: a condition that comes back sooner
 * opens once that time has passed, if it still holds.
 */
export class IncidentBook {
  readonly open = new Map<string, OpenIncident>();
  private readonly closedAt = new Map<string, number>();
  /** Transitions of the event being handled (taken by the monitor after each event). */
  pending: IncidentTransition[] = [];

  constructor(private readonly reopenAfterMs: number) {}

  static key(type: IncidentType, stopIndex: number | null): string {
    return stopIndex === null ? type : `${type}:${stopIndex}`;
  }

  isOpen(key: string): boolean {
    return this.open.has(key);
  }

  tryOpen(
    type: IncidentType,
    stopIndex: number | null,
    at: number,
    detail: IncidentDetail,
    evidence: EvidencePosition[],
  ): void {
    const key = IncidentBook.key(type, stopIndex);
    if (this.open.has(key)) return;
    const closed = this.closedAt.get(key);
    if (closed !== undefined && at - closed < this.reopenAfterMs) return;
    const incident: OpenIncident = { type, stopIndex, openedAt: at, detail, evidence };
    this.open.set(key, incident);
    this.pending.push({ action: "open", type, stopIndex, at, detail, evidence });
  }

  close(key: string, at: number, reason: "cleared" | "trip-ended", evidence: EvidencePosition[] = []): void {
    const incident = this.open.get(key);
    if (!incident) return;
    const when = Math.max(at, incident.openedAt);
    this.open.delete(key);
    this.closedAt.set(key, when);
    this.pending.push({
      action: "close",
      type: incident.type,
      stopIndex: incident.stopIndex,
      at: when,
      reason,
      detail: incident.detail,
      evidence,
    });
  }

  closeAll(at: number): void {
    for (const key of [...this.open.keys()]) this.close(key, at, "trip-ended");
  }

  /** This event's transitions; the same empty (frozen) list when there are none. */
  take(): readonly IncidentTransition[] {
    if (this.pending.length === 0) return NONE;
    const taken = this.pending;
    this.pending = [];
    return taken;
  }
}
