import type { NotificationTag } from "@treiber/contract";
import { Select } from "antd";
import { NOTIFICATION_TAG_LABELS } from "../notification-tag-labels";

const ALL = "ALL";
const OPTIONS = [
  { value: ALL, label: "Todas" },
  ...(Object.entries(NOTIFICATION_TAG_LABELS) as [NotificationTag, string][]).map(([value, label]) => ({
    value,
    label,
  })),
];

export interface NotificationTagSelectProps {
  value: NotificationTag | undefined;
  onChange: (tag: NotificationTag | undefined) => void;
}

/** Tag filter: 'Todas', 'Comentario', 'Cancelación', 'Asignación'. */
export function NotificationTagSelect({ value, onChange }: NotificationTagSelectProps) {
  return (
    <Select<string>
      aria-label="Tipo de notificación"
      data-testid="notification-tag-filter"
      style={{ minWidth: 180 }}
      value={value ?? ALL}
      options={OPTIONS}
      onChange={(next) => onChange(next === ALL ? undefined : (next as NotificationTag))}
    />
  );
}
