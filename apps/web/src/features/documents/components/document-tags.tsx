import {
  DOCUMENT_REVIEW_LABELS,
  DOCUMENT_STATUS_LABELS,
  type DocumentReview,
  type DocumentStatus,
} from "@treiber/contract";
import { Tag } from "antd";

const STATUS_COLORS: Record<DocumentStatus, string> = {
  VALID: "green",
  EXPIRING: "gold",
  EXPIRED: "red",
};

const REVIEW_COLORS: Record<DocumentReview, string> = {
  PENDING: "blue",
  APPROVED: "default",
  REJECTED: "volcano",
};

/** Vigente / Por vencer / Vencido (on the branch office's today, from the server). */
export function DocumentStatusTag({ status }: { status: DocumentStatus }) {
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="document-status">
      {DOCUMENT_STATUS_LABELS[status]}
    </Tag>
  );
}

/** Por aprobar / Aprobado / Rechazado: only an approved paper counts for a driver's clearance. */
export function DocumentReviewTag({ review }: { review: DocumentReview }) {
  return (
    <Tag color={REVIEW_COLORS[review]} data-testid="document-review">
      {DOCUMENT_REVIEW_LABELS[review]}
    </Tag>
  );
}
