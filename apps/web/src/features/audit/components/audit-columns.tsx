import { formatDateTime } from "@treiber/client/format";
import type { AuditItem } from "@treiber/contract";
import { type TableColumnsType, Tag } from "antd";

/** Who made the change: the user's name (or id), or the API key. */
export const whoOf = (item: AuditItem) =>
  item.apiKeyId !== null
    ? `Clave de API #${item.apiKeyId}`
    : item.userId !== null
      ? (item.userName ?? `Usuario #${item.userId}`)
      : "—";

/** «Auditoría»'s columns: when, who, what (entity, id, operation) and from where. */
export function auditColumns(): TableColumnsType<AuditItem> {
  return [
    { title: "Fecha", dataIndex: "at", width: 190, render: (at: string) => formatDateTime(at) },
    { title: "Usuario", key: "who", width: 220, render: (_: unknown, item) => whoOf(item) },
    { title: "Entidad", dataIndex: "entity", width: 170 },
    { title: "Id", dataIndex: "entityId", width: 100, render: (id: string | null) => id ?? "—" },
    { title: "Operación", dataIndex: "action", width: 150, render: (action: string) => <Tag>{action}</Tag> },
    { title: "IP", dataIndex: "ip", width: 150, render: (ip: string | null) => ip ?? "—" },
  ];
}
