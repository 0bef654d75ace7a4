import { describe, expect, it } from "vitest";
import { createSignInThrottle, delayAfter } from "./sign-in-throttle.js";

const policy = { free: 3, baseMs: 1000, capMs: 8000 };

describe("sign-in throttle", () => {
  it("delays grow exponentially after the free failures, up to the cap", () => {
    expect([0, 2, 3, 4, 5, 6, 7, 20].map((n) => delayAfter(n, policy))).toEqual([
      0, 0, 1000, 2000, 4000, 8000, 8000, 8000,
    ]);
  });

  it("an account and IP pair waits its delay since its last attempt, then may try once more", async () => {
    let clock = 1_000_000;
    const throttle = createSignInThrottle({ pair: policy, now: () => clock });
    for (let i = 0; i < 3; i++) expect((await throttle.reserve("a@x.do", "1.1.1.1")).retryAfter).toBe(0);
    expect((await throttle.reserve("a@x.do", "1.1.1.1")).retryAfter).toBe(1);
    expect((await throttle.reserve("b@x.do", "1.1.1.1")).retryAfter).toBe(0);
    clock += 1000;
    expect((await throttle.reserve("a@x.do", "1.1.1.1")).retryAfter).toBe(0);
    expect((await throttle.reserve("a@x.do", "1.1.1.1")).retryAfter).toBe(2);
  });

  it("attempts reserved at once are counted one by one: only the free ones go on", async () => {
    const throttle = createSignInThrottle({ pair: policy, now: () => 1_000_000 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => throttle.reserve("a@x.do", "1.1.1.1")),
    );
    expect(answers.filter((answer) => answer.retryAfter === 0)).toHaveLength(3);
  });

  it("the account key spares IPs the account signed in from; the IP key only slows down", async () => {
    const throttle = createSignInThrottle({
      pair: { free: 100 },
      account: policy,
      ip: { free: 2, baseMs: 10, capMs: 40 },
    });
    await throttle.reserve("a@x.do", "7.7.7.7");
    await throttle.succeed("a@x.do", "7.7.7.7");
    for (let i = 0; i < 3; i++) expect((await throttle.reserve("a@x.do", `9.9.9.${i}`)).retryAfter).toBe(0);
    expect((await throttle.reserve("a@x.do", "8.8.8.8")).retryAfter).toBeGreaterThan(0);
    expect(await throttle.reserve("a@x.do", "7.7.7.7")).toEqual({ retryAfter: 0, holdMs: 0 });
    for (let i = 0; i < 3; i++) await throttle.reserve(`u${i}@x.do`, "5.5.5.5");
    expect(await throttle.reserve("c@x.do", "5.5.5.5")).toEqual({ retryAfter: 0, holdMs: 20 });
  });

  it("a success clears the pair; an attempt given back counts nowhere", async () => {
    const throttle = createSignInThrottle({ pair: { free: 2 }, ip: { free: 1, baseMs: 10, capMs: 40 } });
    await throttle.reserve("a@x.do", "1.1.1.1");
    await throttle.reserve("a@x.do", "1.1.1.1");
    await throttle.succeed("a@x.do", "1.1.1.1");
    await throttle.reserve("a@x.do", "1.1.1.1");
    expect((await throttle.reserve("a@x.do", "1.1.1.1")).retryAfter).toBe(0);

    for (let i = 0; i < 5; i++) {
      await throttle.reserve("b@x.do", "2.2.2.2");
      await throttle.release("b@x.do", "2.2.2.2");
    }
    expect(await throttle.reserve("b@x.do", "2.2.2.2")).toEqual({ retryAfter: 0, holdMs: 0 });
  });
});
