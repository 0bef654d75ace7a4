import { http } from "../http";

/** A field action (Start, scan, manual boarding, End, position…) as the server receives it. */
export type FieldAction = {
  method: "POST" | "PUT";
  /** Path under `/api/v1`, e.g. `/TransportService`. */
  path: string;
  body: Record<string, unknown>;
};

/** Sent now (`data` is the server's answer) or kept on the phone to be sent when the connection returns. */
export type FieldActionResult<T> = { status: "sent"; data: T } | { status: "queued" };

/** A v4 UUID: `crypto.randomUUID` where present (secure contexts), else from `getRandomValues`/`Math.random`. */
export function newActionId(): string {
  const cryptoApi = globalThis.crypto as Crypto | undefined;
  if (typeof cryptoApi?.randomUUID === "function") return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof cryptoApi?.getRandomValues === "function") cryptoApi.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The one way the app sends a field action: adds a client-generated `actionId` (the server applies
 * each at most once) and sends it. The offline outbox replaces the direct send by a queue.
 */
export async function sendFieldAction<T>(action: FieldAction): Promise<FieldActionResult<T>> {
  const body = { actionId: newActionId(), ...action.body };
  const { data } = await http.request<T>({ method: action.method, url: action.path, data: body });
  return { status: "sent", data };
}
