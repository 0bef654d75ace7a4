export type HubOptions = {
  /** A Ping is sent after this much silence towards the client (15 s). */
  pingIntervalMs?: number;
  /** A connection that sends nothing for this long is dropped (30 s). */
  idleTimeoutMs?: number;
  handshakeTimeoutMs?: number;
  /** A negotiated connection token must be used within this time (15 s). */
  negotiateTtlMs?: number;
  /** Largest record accepted from a client, in characters (32 KB). */
  maxRecordLength?: number;
  /** Sockets one user may hold on this instance; a new one closes the oldest (10). */
  maxConnectionsPerUser?: number;
  /**
   * Records are written at most once per this interval per connection, together in one frame
   * (25 ms). After a quiet interval the first record goes out at the end of the event-loop turn.
   */
  coalesceMs?: number;
};

export type HubTimings = Required<HubOptions>;

/** The options with their defaults filled in. */
export function resolveHubOptions(options: HubOptions = {}): HubTimings {
  return {
    pingIntervalMs: options.pingIntervalMs ?? 15_000,
    idleTimeoutMs: options.idleTimeoutMs ?? 30_000,
    handshakeTimeoutMs: options.handshakeTimeoutMs ?? 15_000,
    negotiateTtlMs: options.negotiateTtlMs ?? 15_000,
    maxRecordLength: options.maxRecordLength ?? 32 * 1024,
    maxConnectionsPerUser: options.maxConnectionsPerUser ?? 10,
    coalesceMs: options.coalesceMs ?? 25,
  };
}
