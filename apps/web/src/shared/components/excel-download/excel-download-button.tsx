import { DownloadOutlined } from "@ant-design/icons";
import { formatNumber } from "@treiber/client/format";
import { Alert, Button, Flex, Progress } from "antd";
import { useEffect, useRef, useState } from "react";
import {
  type ExcelParams,
  type ExcelProgress,
  excelErrorMessage,
  fetchExcel,
  postExcel,
  saveBlob,
} from "./download-excel";

export interface ExcelDownloadButtonProps {
  /** API path of the Excel call, e.g. "/Route/report/excel". */
  path: string;
  /** The current filters of the report (paging is dropped: the file has every row). */
  params?: ExcelParams;
  /**
   * A body to POST instead of a GET with `params` (e.g. the import's error file, made from the
   * uploaded sheet); called at each click.
   */
  body?: () => FormData;
  /** File name of spec §9, e.g. "ReporteRutas.xlsx". */
  fileName: string;
  label?: string;
  disabled?: boolean;
}

function progressPercent(progress: ExcelProgress | null): number | undefined {
  if (!progress?.total) return undefined;
  return Math.min(100, Math.round((progress.loaded / progress.total) * 100));
}

function kilobytes(bytes: number): string {
  return `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`;
}

/** Downloads an Excel export with the current filters, showing progress and a Spanish error. */
export function ExcelDownloadButton({
  path,
  params = {},
  body,
  fileName,
  label = "Exportar a Excel",
  disabled,
}: ExcelDownloadButtonProps) {
  const [downloading, setDownloading] = useState(false);
  const [progress, setProgress] = useState<ExcelProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  async function download() {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setDownloading(true);
    setError(null);
    setProgress({ loaded: 0, total: undefined });
    try {
      const blob = body
        ? await postExcel(path, body(), controller.signal)
        : await fetchExcel(path, params, setProgress, controller.signal);
      if (controller.signal.aborted) return;
      saveBlob(blob, fileName);
    } catch (failure) {
      if (controller.signal.aborted) return;
      setError(await excelErrorMessage(failure));
    } finally {
      if (abort.current === controller) {
        abort.current = null;
        setDownloading(false);
        setProgress(null);
      }
    }
  }

  const percent = progressPercent(progress);
  return (
    <Flex vertical gap={4} align="flex-end">
      <Button icon={<DownloadOutlined />} loading={downloading} disabled={disabled} onClick={download}>
        {label}
      </Button>
      {downloading && (
        <Flex
          role="status"
          aria-label="Progreso de la descarga"
          gap={8}
          align="center"
          style={{ minWidth: 180 }}
        >
          {percent === undefined ? (
            <span>
              {`Descargando… ${progress && progress.loaded > 0 ? kilobytes(progress.loaded) : ""}`.trim()}
            </span>
          ) : (
            <Progress percent={percent} size="small" style={{ width: 180, margin: 0 }} />
          )}
        </Flex>
      )}
      {error && (
        <Alert
          type="error"
          showIcon
          closable
          message={error}
          onClose={() => setError(null)}
          style={{ maxWidth: 360 }}
        />
      )}
    </Flex>
  );
}
