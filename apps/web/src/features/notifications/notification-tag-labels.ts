import type { NotificationTag } from "@treiber/contract";

/** Spanish label of each tag. */
export const NOTIFICATION_TAG_LABELS: Record<NotificationTag, string> = {
  COMMENT: "Comentario",
  CANCELED: "Cancelación",
  ASSIGNED: "Asignación",
};
