import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import type { DomainEvent } from "../../src/realtime/domain-events.js";
import type { RealtimeBus, RealtimeEvent } from "../../src/realtime/realtime-bus.js";
import { createRedisBus } from "../../src/realtime/redis-bus.js";
import { unique } from "../helpers/test-app.js";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

describe("domain events on the Redis bus", () => {
  const buses: RealtimeBus[] = [];
  const raw = new Redis(REDIS_URL, { lazyConnect: true });
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    raw.disconnect();
  });

  it("reach every instance parsed by their schema; what does not parse is reported and dropped", async () => {
    const channel = unique("treiber-test:");
    const errors: unknown[] = [];
    const one = await createRedisBus({ url: REDIS_URL, channel });
    const two = await createRedisBus({ url: REDIS_URL, channel, onError: (error) => errors.push(error) });
    buses.push(one, two);
    const heard: DomainEvent[] = [];
    const frames: RealtimeEvent[] = [];
    two.subscribe((frame) => frames.push(frame));
    const both = new Promise<void>((resolve) =>
      two.subscribeDomainEvents((event) => {
        heard.push(event);
        if (heard.length === 2) resolve();
      }),
    );

    // Another process (an older or broken one) sends a good event between two bad ones.
    await raw.connect();
    await raw.publish(
      `${channel}:domain`,
      JSON.stringify([
        {
          kind: "position-recorded",
          intermediateRouteId: "7",
          latitude: 91,
          longitude: 0,
          recordedAt: "ayer",
        },
        { kind: "trip-started", intermediateRouteId: 7, startedAt: "2026-11-29T10:00:00.000Z" },
        { target: "ReceivedDriverGeolocation", args: [{ intermediateRouteId: 7 }] },
      ]),
    );
    await one.publishDomainEvent({ kind: "incident-thresholds-changed", branchOfficeId: 3 });
    await both;

    expect(heard).toEqual([
      { kind: "trip-started", intermediateRouteId: 7, startedAt: "2026-11-29T10:00:00.000Z" },
      { kind: "incident-thresholds-changed", branchOfficeId: 3 },
    ]);
    expect(errors).toHaveLength(2);
    // Domain events are not hub frames: the hub never relays them to a client.
    expect(frames).toEqual([]);
  });
});
