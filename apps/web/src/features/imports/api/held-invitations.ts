import type { HeldInvitations, SentInvitations } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";

/** The invitations imports hold until go-live (issue 33), shared by every import dialog. */
export const HELD_INVITATIONS_KEY = ["import-invitations"] as const;

/** GET /api/v1/Import/invitations */
export async function fetchHeldInvitations(): Promise<HeldInvitations> {
  const { data } = await http.get<HeldInvitations>(clientPath(API.importInvitation.held));
  return data;
}

/** POST /api/v1/Import/invitations/send: «Enviar invitaciones», all of them now. */
export async function sendHeldInvitations(): Promise<SentInvitations> {
  const { data } = await http.post<SentInvitations>(clientPath(API.importInvitation.send));
  return data;
}
