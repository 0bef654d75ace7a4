import { clientPath } from "@treiber/contract/api-paths";
import { Alert, Flex, Statistic } from "antd";
import { useEffect, useRef } from "react";
import { ExcelDownloadButton } from "../../../shared/components/excel-download";
import { importFormData } from "../api/run-import";
import type { ImportFlow } from "../hooks/use-import-flow";
import type { ImportKindConfig } from "../lib/import-kinds";
import { ImportInvitationsChoice } from "./import-invitations-choice";
import { ImportPreviewTable } from "./import-preview-table";

type Report = NonNullable<ImportFlow["report"]>;

/** The counts of the review: rows, new, updated, unchanged, with errors, with warnings. */
function PreviewCounts({ config, report }: { config: ImportKindConfig; report: Report }) {
  return (
    <Flex gap={32} wrap role="group" aria-label="Resumen de la revisión">
      <Statistic title="Filas" value={report.total} />
      <Statistic title="Nuevos" value={report.created} />
      <Statistic title="Actualiza" value={report.updated} />
      <Statistic title="Sin cambios" value={report.unchanged ?? 0} />
      <Statistic
        title="Con error"
        value={report.invalid}
        styles={{ content: report.invalid > 0 ? { color: "#cf1322" } : undefined }}
      />
      {config.hasLocation && (
        <Statistic
          title="Con aviso"
          value={report.warned ?? 0}
          styles={{ content: (report.warned ?? 0) > 0 ? { color: "#ad6800" } : undefined }}
        />
      )}
    </Flex>
  );
}

/** The file's warnings, the commit's error, the error file to fix, and the rows with warnings. */
function PreviewAlerts({
  config,
  flow,
  report,
  file,
}: {
  config: ImportKindConfig;
  flow: ImportFlow;
  report: Report;
  file: File;
}) {
  return (
    <>
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
          description="Descargue los errores: ese archivo tiene todas las filas, primero las que tienen errores, con el motivo de cada una en la columna «Errores» (vacía en las demás). Corríjalas allí y suba el archivo completo: se importarán todas sus filas. Las filas que quite del archivo no se importan."
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
      {(report.warned ?? 0) > 0 && (
        <Alert
          type="warning"
          showIcon
          title={
            report.warned === 1
              ? "1 fila tiene un aviso: se importará igual."
              : `${report.warned} filas tienen avisos: se importarán igual.`
          }
          description="Casas fuera del país, lejos de su sucursal o con la latitud y la longitud invertidas. Revíselas con el filtro «Con aviso» y, si hace falta, corrija el archivo y súbalo de nuevo."
        />
      )}
    </>
  );
}

/**
 * Step 2: what the import would do (counts), the file's warnings, the error file to fix and upload
 * again, the rows with warnings, the invitations (sent now or held until a date) and every row's
 * state.
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
      <PreviewCounts config={config} report={report} />
      <PreviewAlerts config={config} flow={flow} report={report} file={file} />
      {report.invalid === 0 && (
        <ImportInvitationsChoice
          count={report.created}
          value={flow.invitations}
          onChange={flow.chooseInvitations}
          disabled={flow.busy === "committing"}
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
