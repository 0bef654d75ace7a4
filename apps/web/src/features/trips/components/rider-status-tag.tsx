import type { TripRider } from "@treiber/contract";
import { Tag } from "antd";

const LABELS: Record<TripRider["status"], { label: string; color: string }> = {
  Boarded: { label: "Abordó", color: "green" },
  Canceled: { label: "Canceló", color: "red" },
  Pending: { label: "Pendiente", color: "default" },
};

export function RiderStatusTag({ status }: { status: TripRider["status"] }) {
  const entry = LABELS[status] ?? { label: status, color: "default" };
  return <Tag color={entry.color}>{entry.label}</Tag>;
}
