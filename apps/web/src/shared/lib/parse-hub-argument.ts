/** What a zod schema offers for reading a value (kept structural: no zod import here). */
type Reader<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false } };

/**
 * A hub event's argument — the value, or a JSON string of it (the official client passes either) —
 * read with `schema`; null when it is not one.
 */
export function parseHubArgument<T>(schema: Reader<T>, argument: unknown): T | null {
  let value = argument;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
