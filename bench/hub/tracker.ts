/**
 * What every dashboard received, checked event by event without JSON.parse (the 10k run delivers
 * 1M records a second to one process): each driver's latitude is its send counter modulo
 * `SEQUENCE` (a whole number, a valid latitude), so a dashboard must see 0, 1, 2… of each driver in
 * order. A repeat is a duplicate, a jump is a gap; latency (send → receive, both on this process's
 * clock) goes into a 0.1 ms histogram.
 */
export const SEQUENCE = 90;
const BUCKETS = 600_000; // 0.1 ms up to 60 s

export function createTracker(tripIds: number[], dashboards: number) {
  const drivers = tripIds.length;
  let maxTrip = 0;
  for (const id of tripIds) maxTrip = Math.max(maxTrip, id);
  const driverOfTrip = new Int32Array(maxTrip + 1).fill(-1);
  tripIds.forEach((id, index) => {
    driverOfTrip[id] = index;
  });
  const sentAt = new Float64Array(drivers * SEQUENCE);
  const measuredSend = new Uint8Array(drivers * SEQUENCE);
  const last = new Int8Array(dashboards * drivers).fill(-1);
  const histogram = new Uint32Array(BUCKETS);
  const counts = { delivered: 0, duplicates: 0, gaps: 0, unknown: 0 };

  return {
    counts,
    sent(driver: number, seq: number, at: number, measured: boolean) {
      sentAt[driver * SEQUENCE + seq] = at;
      measuredSend[driver * SEQUENCE + seq] = measured ? 1 : 0;
    },
    receive(dashboard: number, tripId: number, seq: number, now: number) {
      const driver = tripId <= maxTrip ? (driverOfTrip[tripId] as number) : -1;
      if (driver < 0 || seq < 0 || seq >= SEQUENCE) {
        counts.unknown++;
        return;
      }
      const slot = dashboard * drivers + driver;
      const previous = last[slot] as number;
      last[slot] = seq;
      const index = driver * SEQUENCE + seq;
      const measured = measuredSend[index] === 1;
      if (previous === seq) {
        if (measured) counts.duplicates++;
        return;
      }
      if (previous !== -1 && seq !== (previous + 1) % SEQUENCE && measured)
        counts.gaps += (seq - previous - 1 + SEQUENCE) % SEQUENCE;
      if (!measured) return;
      counts.delivered++;
      const bucket = Math.floor((now - (sentAt[index] as number)) * 10);
      const at = bucket < 0 ? 0 : bucket >= BUCKETS ? BUCKETS - 1 : bucket;
      histogram[at] = (histogram[at] as number) + 1;
    },
    /** Latency percentiles (0–100) in ms from the histogram (bucket upper bounds). */
    percentiles(...ps: number[]): number[] {
      const total = counts.delivered;
      return ps.map((p) => {
        if (total === 0) return Number.NaN;
        const rank = Math.max(1, Math.ceil((p / 100) * total));
        let seen = 0;
        for (let bucket = 0; bucket < BUCKETS; bucket++) {
          seen += histogram[bucket] as number;
          if (seen >= rank) return (bucket + 1) / 10;
        }
        return Number.NaN;
      });
    },
  };
}

export type Tracker = ReturnType<typeof createTracker>;

const PREFIX = Buffer.from(
  '{"type":1,"target":"ReceivedDriverGeolocation","arguments":[{"intermediateRouteId":',
);
const DRIVER = ',"driverId":'.length;
const LATITUDE = ',"latitude":'.length;
// What follows the latitude when the longitude is the bench's and the date a full ISO string.
const TAIL = ',"longitude":-69.93,"date":"2026-01-01T00:00:00.000Z"}]}'.length;

/** The digits at `start` as a number, and where they end. */
function intAt(buffer: Buffer, start: number): [number, number] {
  let value = 0;
  let i = start;
  for (; i < buffer.length; i++) {
    const c = buffer[i] as number;
    if (c < 48 || c > 57) break;
    value = value * 10 + (c - 48);
  }
  return [value, i];
}

function startsWithPrefix(buffer: Buffer, at: number): boolean {
  if (at + PREFIX.length > buffer.length) return false;
  // A few bytes tell the bench's records apart (…"ReceivedDriverGeolocation"…RouteId":); the
  // numbers that follow are read by offsets and the record's length is checked.
  return (
    buffer[at + 20] === 0x52 &&
    buffer[at + 28] === 0x44 &&
    buffer[at + 34] === 0x47 &&
    buffer[at + PREFIX.length - 3] === 0x64 &&
    buffer[at + PREFIX.length - 1] === 0x3a
  );
}

/**
 * Reads a frame of whole records (what our servers send; a record split across frames is kept
 * for the next one) and hands every `ReceivedDriverGeolocation` to the tracker. The records have
 * a fixed shape (the payload's keys in the service's order), so the numbers are read at known
 * offsets and the separator is looked for only when a record is not the expected length.
 */
export function createFrameReader(tracker: Tracker, dashboard: number) {
  let rest: Buffer | undefined;
  return (data: Buffer, now: number) => {
    const buffer = rest ? Buffer.concat([rest, data]) : data;
    rest = undefined;
    let position = 0;
    while (position < buffer.length) {
      if (startsWithPrefix(buffer, position)) {
        const [tripId, afterTrip] = intAt(buffer, position + PREFIX.length);
        const [, afterDriver] = intAt(buffer, afterTrip + DRIVER);
        const [latitude, afterLatitude] = intAt(buffer, afterDriver + LATITUDE);
        let end = afterLatitude + TAIL;
        if (buffer[end] !== 0x1e) end = buffer.indexOf(0x1e, afterLatitude);
        if (end < 0) break;
        tracker.receive(dashboard, tripId, latitude, now);
        position = end + 1;
      } else {
        const end = buffer.indexOf(0x1e, position);
        if (end < 0) break;
        position = end + 1;
      }
    }
    if (position < buffer.length) rest = buffer.subarray(position);
  };
}
