import { API, clientPath } from "@treiber/contract/api-paths";
import { describe, expect, it } from "vitest";
import { classifySendError } from "./classify-send-error";

const answer = (status: number, message = "No") => ({
  isAxiosError: true,
  response: { status, data: { statusCode: status, message } },
});

describe("classifySendError", () => {
  it("retries no answer, 5xx, 401, 408 and 429; refuses other 4xx", () => {
    expect(classifySendError(new Error("red"))).toEqual({ kind: "retry" });
    expect(classifySendError(answer(503))).toEqual({ kind: "retry" });
    expect(classifySendError(answer(429))).toEqual({ kind: "retry" });
    expect(classifySendError(answer(409, "Ya"))).toEqual({ kind: "rejected", status: 409, message: "Ya" });
  });

  it("an SOS over the hourly limit is final: not sent again later as a stale alarm", () => {
    expect(classifySendError(answer(429, "Límite"), clientPath(API.sos.raise))).toEqual({
      kind: "rejected",
      status: 429,
      message: "Límite",
    });
    expect(classifySendError(answer(429), clientPath(API.sos.position))).toEqual({ kind: "retry" });
  });
});
