/** `npm run simulate`'s options and the names `--faults` takes (issue 25 point 5). */
import { FAULT_INCIDENT } from "@treiber/incidents";
import { describe, expect, it } from "vitest";
import { COMMAND_FAULTS, FAULT_ALIASES, FAULT_HELP, incidentOf, parseFaults } from "./simulate-faults.js";
import { parseOptions, SIMULATE_HELP } from "./simulate-options.js";

describe("parseFaults", () => {
  it("maps the issue's names and their Spanish aliases to the simulator's faults, once each", () => {
    expect(parseFaults("late,detour,skip,dwell,gps-gap")).toEqual([
      "late",
      "detour",
      "skip",
      "dwell",
      "gps-gap",
    ]);
    expect(parseFaults(" Retraso , desvío,salta-parada,parada-larga,sin-gps,late ")).toEqual([
      "late",
      "detour",
      "skip",
      "dwell",
      "gps-gap",
    ]);
    expect(parseFaults("no-inicia")).toEqual(["not-started"]);
    expect(parseFaults(undefined)).toEqual([]);
    expect(parseFaults("")).toEqual([]);
  });

  it("all (or todas) is every fault a server can see; an unknown name is refused in Spanish", () => {
    expect(parseFaults("all")).toEqual([...COMMAND_FAULTS]);
    expect(parseFaults("todas")).not.toContain("over-capacity");
    expect(() => parseFaults("late,volcar")).toThrow("Falla desconocida «volcar»");
    expect(() => parseFaults("over-capacity")).toThrow("Falla desconocida");
  });

  it("every alias names a fault with its help and the incident it opens", () => {
    for (const fault of Object.values(FAULT_ALIASES)) {
      expect(COMMAND_FAULTS).toContain(fault);
      expect(FAULT_HELP[fault]).toBeTruthy();
      expect(incidentOf(fault)).toBe(FAULT_INCIDENT[fault]);
    }
    expect(incidentOf("detour")).toBe("OFF_ROUTE");
    expect(incidentOf("gps-gap")).toBe("NO_GPS");
  });
});

describe("parseOptions", () => {
  it("keeps the earlier options and their defaults", () => {
    const options = parseOptions([], { PORT: "9000" });
    expect(options).toMatchObject({
      url: "http://127.0.0.1:9000",
      drivers: 5,
      speed: 1,
      trips: 1,
      password: "Treiber123!",
      adminEmail: "admin@treiber.app",
      driverEmails: [],
      cancelRate: 0.08,
      commentRate: 0.05,
      intervalSeconds: 5,
      faults: [],
    });
    expect(
      parseOptions(
        ["--url=http://x:1/", "--drivers", "2", "--speed", "10", "--driver-emails", "a@b.do, c@d.do"],
        {},
      ),
    ).toMatchObject({ url: "http://x:1", drivers: 2, speed: 10, driverEmails: ["a@b.do", "c@d.do"] });
  });

  it("takes --faults and --seed", () => {
    expect(parseOptions(["--faults", "detour,sin-gps", "--seed", "42"], {})).toMatchObject({
      faults: ["detour", "gps-gap"],
      seed: 42,
    });
  });

  it("--help and -h ask for the Spanish help, which lists every fault", () => {
    expect(parseOptions(["--drivers", "3", "--help"], {})).toBe("help");
    expect(parseOptions(["-h"], {})).toBe("help");
    expect(SIMULATE_HELP).toContain("Uso: npm run simulate");
    for (const fault of COMMAND_FAULTS) expect(SIMULATE_HELP).toContain(FAULT_INCIDENT[fault]);
  });

  it("refuses values out of range and a missing value, in Spanish", () => {
    expect(() => parseOptions(["--speed", "0"], {})).toThrow("--speed debe estar entre 0.1 y 1000");
    expect(() => parseOptions(["--drivers"], {})).toThrow("Falta el valor de --drivers");
    expect(() => parseOptions(["--faults", "x"], {})).toThrow("Falla desconocida «x»");
  });
});
