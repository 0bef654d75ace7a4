import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchHeldInvitations, HELD_INVITATIONS_KEY, sendHeldInvitations } from "../api/held-invitations";

/** The held invitations (issue 33) and «Enviar invitaciones», which sends them all now. */
export function useHeldInvitations() {
  const queryClient = useQueryClient();
  const held = useQuery({ queryKey: HELD_INVITATIONS_KEY, queryFn: fetchHeldInvitations });
  const send = useMutation({
    mutationFn: sendHeldInvitations,
    onSettled: () => queryClient.invalidateQueries({ queryKey: HELD_INVITATIONS_KEY }),
  });
  return { held: held.data, send };
}
