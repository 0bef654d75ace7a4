/** SignalR JSON hub protocol: records are JSON followed by the record separator 0x1E. */
export const RECORD_SEPARATOR = "\x1e";

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

export type HubMessage = {
  type: number;
  invocationId?: unknown;
  target?: unknown;
  arguments?: unknown;
};

export const toRecord = (value: unknown) => `${JSON.stringify(value)}${RECORD_SEPARATOR}`;

export const PING_RECORD = toRecord({ type: MessageType.Ping });
export const invocationRecord = (target: string, args: unknown[]) =>
  toRecord({ type: MessageType.Invocation, target, arguments: args });
export const completionRecord = (invocationId: string, outcome: { result: unknown } | { error: string }) =>
  toRecord({ type: MessageType.Completion, invocationId, ...outcome });
export const closeRecord = (error?: string, allowReconnect?: boolean) =>
  toRecord({
    type: MessageType.Close,
    ...(error ? { error } : {}),
    ...(allowReconnect ? { allowReconnect: true } : {}),
  });

export class RecordTooLargeError extends Error {}

/**
 * Buffers incoming text and yields whole records: a frame may hold several records and a record
 * may span frames. A record (or pending partial record) longer than `maxRecordLength` is refused.
 */
export function createRecordReader(maxRecordLength: number) {
  let pending = "";
  return (chunk: string): string[] => {
    pending += chunk;
    const parts = pending.split(RECORD_SEPARATOR);
    pending = parts.pop() ?? "";
    if (pending.length > maxRecordLength || parts.some((part) => part.length > maxRecordLength)) {
      pending = "";
      throw new RecordTooLargeError();
    }
    return parts;
  };
}
