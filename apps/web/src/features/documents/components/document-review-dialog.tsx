import { getErrorMessage } from "@treiber/client";
import {
  DOCUMENT_OWNER_LABELS,
  DOCUMENT_REVIEWED_MESSAGE,
  DOCUMENT_TYPE_LABELS,
  type DocumentItem,
} from "@treiber/contract";
import { Alert, App, Descriptions, Input, Modal, Typography } from "antd";
import { useEffect, useState } from "react";
import { formatServiceDate } from "../../../shared/format";
import { useReviewDocument } from "../api/review-document";

export type ReviewDecision = "APPROVED" | "REJECTED";

export interface DocumentReviewTarget {
  document: DocumentItem;
  decision: ReviewDecision;
}

export const REJECT_NOTE_MESSAGE = "Indique por qué se rechaza";

/**
 * «Aprobar» / «Rechazar» a pending paper, after confirming it: a note for the supplier (required to
 * reject, so they know what to fix). An approved paper counts at once for the driver's clearance.
 */
export function DocumentReviewDialog({
  target,
  onClose,
}: {
  target: DocumentReviewTarget | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const review = useReviewDocument();
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (target) {
      setNote("");
      setProblem(null);
    }
  }, [target]);

  if (!target) return null;
  const { document, decision } = target;
  const approving = decision === "APPROVED";

  async function confirm() {
    const trimmed = note.trim();
    if (!approving && !trimmed) {
      setProblem(REJECT_NOTE_MESSAGE);
      return;
    }
    setProblem(null);
    try {
      await review.mutateAsync({ id: document.id, decision, ...(trimmed && { note: trimmed }) });
      void message.success(DOCUMENT_REVIEWED_MESSAGE);
      onClose();
    } catch (error) {
      setProblem(getErrorMessage(error));
    }
  }

  return (
    <Modal
      open
      title={approving ? "Aprobar documento" : "Rechazar documento"}
      okText={approving ? "Aprobar" : "Rechazar"}
      okButtonProps={{ danger: !approving }}
      cancelText="Cancelar"
      confirmLoading={review.isPending}
      onOk={() => void confirm()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {approving
          ? "¿Seguro que desea aprobar este documento? Contará desde ahora para el chofer."
          : "¿Seguro que desea rechazar este documento?"}
      </Typography.Paragraph>
      <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="Titular">
          {`${DOCUMENT_OWNER_LABELS[document.ownerType]}: ${document.ownerName}`}
        </Descriptions.Item>
        <Descriptions.Item label="Documento">{DOCUMENT_TYPE_LABELS[document.type]}</Descriptions.Item>
        <Descriptions.Item label="Número">{document.number}</Descriptions.Item>
        <Descriptions.Item label="Vence">{formatServiceDate(document.expiresOn)}</Descriptions.Item>
      </Descriptions>
      <Input.TextArea
        aria-label="Nota"
        placeholder={approving ? "Nota (opcional)" : "Motivo del rechazo"}
        maxLength={500}
        showCount
        rows={3}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      {problem ? <Alert type="error" showIcon title={problem} style={{ marginTop: 12 }} /> : null}
    </Modal>
  );
}
