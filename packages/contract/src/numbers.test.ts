import { describe, expect, it } from "vitest";
import { driverSignupRequestSchema } from "./auth.js";
import { branchOfficeCreateSchema, destinationCreateSchema } from "./catalog.js";
import {
  LATITUDE_RANGE_MESSAGE,
  LONGITUDE_RANGE_MESSAGE,
  latitudeSchema,
  longitudeSchema,
  VEHICLE_CAPACITY_MESSAGE,
  vehicleCapacitySchema,
} from "./common.js";
import { driverUpdateRequestSchema } from "./people.js";
import { COST_DECIMALS_MESSAGE, costSchema, routeCreateRequestSchema } from "./route-planning.js";

/** Issue 13 item 8 (decision 0030): bad numbers and long texts are refused with a message, never changed. */
const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe("numbers are refused, not clamped", () => {
  it.each([200, -90.5, 91])("latitude %s", (value) => {
    expect(message(latitudeSchema.safeParse(value))).toBe(LATITUDE_RANGE_MESSAGE);
  });
  it.each([181, -200])("longitude %s", (value) => {
    expect(message(longitudeSchema.safeParse(value))).toBe(LONGITUDE_RANGE_MESSAGE);
  });
  it("keeps the coordinates at the bounds", () => {
    expect(latitudeSchema.parse(-90)).toBe(-90);
    expect(longitudeSchema.parse(180)).toBe(180);
  });
  it.each([-5, 0, 121, 1.5])("vehicle capacity %s", (value) => {
    expect(message(vehicleCapacitySchema.safeParse(value))).toBe(VEHICLE_CAPACITY_MESSAGE);
  });
  it("one capacity rule for signup and update", () => {
    expect(driverSignupRequestSchema.shape.vehicleCapacity).toBe(vehicleCapacitySchema);
    expect(driverUpdateRequestSchema.shape.vehicleCapacity).toBe(vehicleCapacitySchema);
  });
  it("a negative cost or a third decimal is refused", () => {
    expect(message(costSchema.safeParse(-1))).toBe("El costo no puede ser negativo");
    expect(message(costSchema.safeParse(1.234))).toBe(COST_DECIMALS_MESSAGE);
    expect(costSchema.parse(0)).toBe(0);
  });
  it("a branch office at latitude 200 is refused on its field", () => {
    const result = branchOfficeCreateSchema.safeParse({ name: "Norte", address: "Calle 1", latitude: 200 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["latitude"]);
    expect(result.error?.issues[0]?.message).toBe(LATITUDE_RANGE_MESSAGE);
  });
});

describe("texts over the limit are refused, not cut", () => {
  it("a 121-character name and a 501-character description", () => {
    const long = destinationCreateSchema.safeParse({ name: "a".repeat(121), description: "b".repeat(501) });
    expect(long.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["name", "Máximo 120 caracteres"],
      ["description", "Máximo 500 caracteres"],
    ]);
  });
  it("a route with a 121-character name", () => {
    const result = routeCreateRequestSchema.safeParse({
      name: "r".repeat(121),
      destinationId: 1,
      dayIds: [1],
      departureTime: "06:40",
      cost: 10,
    });
    expect(message(result)).toBe("Máximo 120 caracteres");
  });
});
