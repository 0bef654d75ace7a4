import type { RealtimeNotification } from "@treiber/contract";

/** What the toast shows of a `ReceiveNotification`. */
export type ShownNotification = Pick<RealtimeNotification, "title" | "message">;

function text(record: Record<string, unknown>, key: string): string {
  const value = record[key] ?? record[key.charAt(0).toUpperCase() + key.slice(1)];
  return typeof value === "string" ? value.trim() : "";
}

/**
 * The `ReceiveNotification` argument: a JSON string with title and message (spec §7). Accepts an
 * already parsed object too, and PascalCase keys. Returns null when there is nothing to show.
 */
export function parseRealtimeNotification(argument: unknown): ShownNotification | null {
  let value: unknown = argument;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const title = text(record, "title");
  const message = text(record, "message");
  if (!title && !message) return null;
  return { title: title || "Nueva notificación", message };
}
