import { describe, expect, it } from "vitest";
import { pendingLabel } from "./pending-indicator";

describe("pendingLabel", () => {
  it("says how many actions wait, in Spanish", () => {
    expect(pendingLabel(1)).toBe("1 pendiente de enviar");
    expect(pendingLabel(3)).toBe("3 pendientes de enviar");
  });
});
