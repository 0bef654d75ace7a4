import { describe, expect, it } from "vitest";
import { parseIncident } from "./parse-incident";
import { testIncident } from "./test-incident";

describe("parseIncident (ReceiveIncident's argument)", () => {
  it("reads the IncidentItem as an object or a JSON string", () => {
    const item = testIncident();
    expect(parseIncident(item)).toEqual(item);
    expect(parseIncident(JSON.stringify(item))).toEqual(item);
  });

  it("refuses anything else", () => {
    expect(parseIncident(null)).toBeNull();
    expect(parseIncident("{")).toBeNull();
    expect(parseIncident({ ...testIncident(), type: "OTHER" })).toBeNull();
    expect(parseIncident({ id: 1 })).toBeNull();
  });
});
