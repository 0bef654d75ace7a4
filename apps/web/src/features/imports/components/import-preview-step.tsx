import { clientPath } from "@treiber/contract/api-paths";
import { Alert, Flex, Statistic } from "antd";
import { useEffect, useRef } from "react";
import { ExcelDownloadButton } from "../../../shared/components/excel-download";
import { importFormData } from "../api/run-import";
import type { ImportFlow } from "../hooks/use-import-flow";
import type { ImportKindConfig } from "../lib/import-kinds";
import { ImportPreviewTable } from "./import-preview-table";

/**
 * Step 2: what the import would do (counts), the file's warnings, the error file to fix and upload
 * again, and every row's state.
 */
export function ImportPreviewStep({ config, flow }: { config: ImportKindConfig; flow: ImportFlow }) {
  const { report, file } = flow;
  // The file chooser is gone: the keyboard (and a screen reader) start again from the summary.
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => summary.current?.focus(), []);
  if (!report || !file) return null;
  return (
    <Flex vertical gap={16}>
      <div ref={summary} tabIndex={-1} style={{ outline: "none" }}>
        Archivo: <strong>{file.name}</strong>. Nada se ha guardado todavía.
      </div>
      <Flex gap={32} wrap role="group" aria-label="Resumen de la revisión">
        <Statistic title="Filas" value={report.total} />
        <Statistic title="Nuevos" value={report.created} />
        <Statistic title="Actualiza" value={report.updated} />
        <Statistic
          title="Con error"
          value={report.invalid}
          styles={{ content: report.invalid > 0 ? { color: "#cf1322" } : undefined }}
        />
      </Flex>
      {report.warnings.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title="Avisos del archivo"
          description={
            <ul style={{ margin: 0, paddingInlineStart: 16 }}>
              {report.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          }
        />
      )}
      {flow.error && (
        <Alert type="error" showIcon title={flow.error} closable={{ onClose: flow.dismissError }} />
      )}
      {report.invalid > 0 && (
        <Alert
          type="error"
          showIcon
          title="Corrija las filas con error para importar: no se importa nada mientras alguna tenga errores."
          description="Descargue los errores: ese archivo tiene solo las filas con error y, en la columna «Errores», el motivo de cada una. Corríjalas allí y súbalo de nuevo."
          action={
            <ExcelDownloadButton
              path={clientPath(config.errors)}
              body={() => importFormData(file)}
              fileName={config.errorsFileName}
              label="Descargar errores"
            />
          }
        />
      )}
      <ImportPreviewTable
        config={config}
        rows={flow.rows}
        refused={flow.refused}
        onAccept={flow.acceptLocation}
      />
    </Flex>
  );
}
