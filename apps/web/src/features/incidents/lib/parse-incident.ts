import { type IncidentItem, incidentItemSchema } from "@treiber/contract";

/** The `ReceiveIncident` argument (the IncidentItem, or a JSON string of it); null when it is not one. */
export function parseIncident(argument: unknown): IncidentItem | null {
  let value = argument;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const parsed = incidentItemSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
