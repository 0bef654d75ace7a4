import type { Status } from "@treiber/contract";
import { Tag } from "antd";

/** A record's status: active or inactive. */
export type RecordStatus = Status;

export const STATUS_LABELS: Record<RecordStatus, string> = { active: "Activo", inactive: "Inactivo" };

export function StatusTag({ status }: { status: RecordStatus }) {
  return <Tag color={status === "active" ? "green" : "default"}>{STATUS_LABELS[status]}</Tag>;
}
