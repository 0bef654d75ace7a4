import { type IncidentItem, incidentItemSchema } from "@treiber/contract";
import { parseHubArgument } from "../../../shared/lib/parse-hub-argument";

/** The `ReceiveIncident` argument (the IncidentItem, or a JSON string of it); null when it is not one. */
export function parseIncident(argument: unknown): IncidentItem | null {
  return parseHubArgument(incidentItemSchema, argument);
}
