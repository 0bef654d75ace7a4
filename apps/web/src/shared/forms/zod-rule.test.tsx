import { fireEvent, render, screen } from "@testing-library/react";
import { costSchema, LATITUDE_RANGE_MESSAGE, latitudeSchema, REQUIRED_MESSAGE } from "@treiber/contract";
import { Input } from "antd";
import { describe, expect, it, vi } from "vitest";
import { textLimit } from "./text-limit";
import { numberRule } from "./zod-rule";

vi.setConfig({ testTimeout: 30_000 });

/** Runs an antd rule's validator: its message, or undefined when the value passes. */
async function check(rule: ReturnType<typeof numberRule>, value: unknown) {
  if (typeof rule === "function" || !rule.validator) throw new Error("not a validator rule");
  try {
    await rule.validator({} as never, value, () => undefined);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe("numberRule", () => {
  it("refuses with the contract's message and never changes the value", async () => {
    expect(await check(numberRule(costSchema), -5)).toBe("El costo no puede ser negativo");
    expect(await check(numberRule(costSchema), 12.5)).toBeUndefined();
    expect(await check(numberRule(costSchema), null)).toBe(REQUIRED_MESSAGE);
    expect(await check(numberRule(latitudeSchema, { optional: true }), 200)).toBe(LATITUDE_RANGE_MESSAGE);
  });

  it("lets an empty optional number pass", async () => {
    expect(await check(numberRule(latitudeSchema, { optional: true }), null)).toBeUndefined();
    expect(await check(numberRule(latitudeSchema, { optional: true }), undefined)).toBeUndefined();
  });
});

describe("textLimit", () => {
  it("keeps a pasted text over the limit and shows the count", () => {
    render(<Input aria-label="Nombre" count={textLimit(5)} />);
    const input = screen.getByLabelText("Nombre") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "abcdefg" } });
    expect(input.value).toBe("abcdefg");
    expect(screen.getByText("7 / 5")).toBeTruthy();
  });
});
