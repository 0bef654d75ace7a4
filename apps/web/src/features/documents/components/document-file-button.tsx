import { FileOutlined } from "@ant-design/icons";
import type { DocumentItem } from "@treiber/contract";
import { Button } from "antd";
import { useState } from "react";
import {
  EXCEL_DOWNLOAD_ERROR_MESSAGE,
  excelErrorMessage,
  saveBlob,
} from "../../../shared/components/excel-download";
import { showErrorMessage } from "../../../shared/feedback/feedback";
import { downloadDocumentFile } from "../api/download-document-file";

export const DOCUMENT_FILE_ERROR_MESSAGE = "No se pudo descargar el archivo. Intente de nuevo.";

/** «Ver archivo»: the paper's file, fetched with the session's token and handed to the browser. */
export function DocumentFileButton({ document }: { document: Pick<DocumentItem, "id" | "fileName"> }) {
  const [loading, setLoading] = useState(false);

  async function download() {
    setLoading(true);
    try {
      saveBlob(await downloadDocumentFile(document.id), document.fileName);
    } catch (error) {
      // A blob request gets its JSON error as a blob: read back for the server's Spanish message.
      const message = await excelErrorMessage(error);
      showErrorMessage(message === EXCEL_DOWNLOAD_ERROR_MESSAGE ? DOCUMENT_FILE_ERROR_MESSAGE : message);
    } finally {
      setLoading(false);
    }
  }

  return (
    <Button
      size="small"
      icon={<FileOutlined />}
      loading={loading}
      aria-label={`Ver archivo ${document.fileName}`}
      onClick={() => void download()}
    >
      Ver archivo
    </Button>
  );
}
