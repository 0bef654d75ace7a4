import { DISPUTE_STATUS_LABELS, type DisputeStatus } from "@treiber/contract";
import { Tag } from "antd";

const COLORS: Record<DisputeStatus, string> = { OPEN: "gold", ACCEPTED: "green", REJECTED: "red" };

/** «Abierta», «Aceptada» or «Rechazada». */
export function DisputeStatusTag({ status }: { status: DisputeStatus }) {
  return <Tag color={COLORS[status]}>{DISPUTE_STATUS_LABELS[status]}</Tag>;
}
