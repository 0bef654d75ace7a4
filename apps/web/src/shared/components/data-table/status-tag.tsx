import { Tag } from "antd";

export type RecordStatus = "active" | "inactive";

export const STATUS_LABELS: Record<RecordStatus, string> = { active: "Activo", inactive: "Inactivo" };

export function StatusTag({ status }: { status: RecordStatus }) {
  return <Tag color={status === "active" ? "green" : "default"}>{STATUS_LABELS[status]}</Tag>;
}
