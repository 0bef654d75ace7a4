import { formatDateTime } from "@treiber/client/format";
import { DOCUMENT_OWNER_LABELS, DOCUMENT_TYPE_LABELS, type DocumentItem } from "@treiber/contract";
import { Button, type TableColumnsType, Tooltip } from "antd";
import { actionsColumn, type RowDetail } from "../../../shared/components/data-table";
import { formatServiceDate } from "../../../shared/format";
import { DocumentFileButton } from "./document-file-button";
import type { ReviewDecision } from "./document-review-dialog";
import { DocumentReviewTag, DocumentStatusTag } from "./document-tags";

export interface DocumentColumnsOptions {
  /** Administrators see the supplier and review pending papers. */
  admin: boolean;
  onReview: (document: DocumentItem, decision: ReviewDecision) => void;
}

const typeText = (row: DocumentItem) =>
  row.category ? `${DOCUMENT_TYPE_LABELS[row.type]} (cat. ${row.category})` : DOCUMENT_TYPE_LABELS[row.type];

/** «Documentos»' columns: titular, documento, número, vence, estado, revisión and the row's actions. */
export function documentColumns({ admin, onReview }: DocumentColumnsOptions): TableColumnsType<DocumentItem> {
  return [
    {
      title: "Titular",
      key: "owner",
      width: 200,
      ellipsis: true,
      render: (_, row) => `${DOCUMENT_OWNER_LABELS[row.ownerType]}: ${row.ownerName}`,
    },
    ...(admin ? [{ title: "Suplidor", dataIndex: "supplierName", width: 150, ellipsis: true } as const] : []),
    { title: "Documento", key: "type", width: 190, ellipsis: true, render: (_, row) => typeText(row) },
    { title: "Número", dataIndex: "number", width: 120, ellipsis: true },
    {
      title: "Vence",
      dataIndex: "expiresOn",
      width: 110,
      render: (value: string) => formatServiceDate(value),
    },
    {
      title: "Estado",
      dataIndex: "status",
      width: 110,
      render: (_, row) => <DocumentStatusTag status={row.status} />,
    },
    {
      title: "Revisión",
      dataIndex: "review",
      width: 120,
      render: (_, row) =>
        row.reviewNote ? (
          <Tooltip title={row.reviewNote}>
            <span>
              <DocumentReviewTag review={row.review} />
            </span>
          </Tooltip>
        ) : (
          <DocumentReviewTag review={row.review} />
        ),
    },
    actionsColumn<DocumentItem>(
      (row) => (
        <>
          <DocumentFileButton document={row} />
          {admin && row.review === "PENDING" ? (
            <>
              <Button
                size="small"
                type="primary"
                aria-label={`Aprobar documento ${row.number}`}
                onClick={() => onReview(row, "APPROVED")}
              >
                Aprobar
              </Button>
              <Button
                size="small"
                danger
                aria-label={`Rechazar documento ${row.number}`}
                onClick={() => onReview(row, "REJECTED")}
              >
                Rechazar
              </Button>
            </>
          ) : null}
        </>
      ),
      admin ? 260 : 130,
    ),
  ];
}

/** The expanded row: who uploaded it and when, its file, the review's note, whether it counts. */
export function documentDetails(row: DocumentItem): RowDetail[] {
  return [
    { label: "Suplidor", value: row.supplierName },
    { label: "Archivo", value: row.fileName },
    { label: "Cargado", value: `${formatDateTime(row.uploadedAt)} por ${row.uploadedBy}` },
    { label: "Nota de revisión", value: row.reviewNote },
    {
      label: "Cuenta para el chofer",
      value: row.current ? "Sí: es el aprobado que vence último" : "No",
    },
  ];
}
