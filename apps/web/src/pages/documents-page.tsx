import { UploadOutlined } from "@ant-design/icons";
import type { DocumentItem } from "@treiber/contract";
import { Button } from "antd";
import { useState } from "react";
import { useDocuments } from "../features/documents/api/list-documents";
import { documentColumns, documentDetails } from "../features/documents/components/document-columns";
import { DocumentFilters } from "../features/documents/components/document-filters";
import {
  DocumentReviewDialog,
  type DocumentReviewTarget,
} from "../features/documents/components/document-review-dialog";
import { DocumentUploadDialog } from "../features/documents/components/document-upload-dialog";
import { useDocumentFilters } from "../features/documents/hooks/use-document-filters";
import { ListPage } from "../shared/components/data-table";
import { useIsSupplierUser } from "../shared/session/portal-role";

/**
 * /documents «Documentos» (issue 37): the papers of drivers, vehicles and suppliers with their
 * expiry and review; a supplier's user uploads theirs (pending), an administrator approves them.
 */
export function DocumentsPage() {
  const supplierUser = useIsSupplierUser();
  const { table, request, filters, setFilter } = useDocumentFilters();
  const query = useDocuments(request);
  const [uploading, setUploading] = useState(false);
  const [reviewing, setReviewing] = useState<DocumentReviewTarget | null>(null);

  return (
    <ListPage<DocumentItem>
      title="Documentos"
      table={table}
      query={query}
      columns={documentColumns({
        admin: !supplierUser,
        onReview: (document, decision) => setReviewing({ document, decision }),
      })}
      searchPlaceholder="Buscar por número"
      filters={<DocumentFilters filters={filters} bySupplier={!supplierUser} onChange={setFilter} />}
      dateFilter={false}
      details={documentDetails}
      actions={
        <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
          Cargar documento
        </Button>
      }
    >
      <DocumentUploadDialog
        open={uploading}
        supplierUser={supplierUser}
        onClose={() => setUploading(false)}
      />
      <DocumentReviewDialog target={reviewing} onClose={() => setReviewing(null)} />
    </ListPage>
  );
}
