import { describe, expect, it } from "vitest";
import { createSignInThrottle } from "./sign-in-throttle.js";

describe("sign-in throttle", () => {
  it("locks an account after the limit and releases it when the window passes", () => {
    let clock = 0;
    const throttle = createSignInThrottle({ maxPerAccount: 3, windowMs: 1000, now: () => clock });
    for (let i = 0; i < 3; i++) throttle.fail("a@x.do", "1.1.1.1");
    expect(throttle.retryAfter("a@x.do", "2.2.2.2")).toBeGreaterThan(0);
    expect(throttle.retryAfter("b@x.do", "2.2.2.2")).toBe(0);
    clock = 1001;
    expect(throttle.retryAfter("a@x.do", "2.2.2.2")).toBe(0);
  });

  it("locks an IP across accounts", () => {
    const throttle = createSignInThrottle({ maxPerIp: 2 });
    throttle.fail("a@x.do", "9.9.9.9");
    throttle.fail("b@x.do", "9.9.9.9");
    expect(throttle.retryAfter("c@x.do", "9.9.9.9")).toBeGreaterThan(0);
  });

  it("a success clears the account's failures", () => {
    const throttle = createSignInThrottle({ maxPerAccount: 2 });
    throttle.fail("a@x.do", "1.1.1.1");
    throttle.succeed("a@x.do");
    throttle.fail("a@x.do", "1.1.1.1");
    expect(throttle.retryAfter("a@x.do", "1.1.1.1")).toBe(0);
  });
});
