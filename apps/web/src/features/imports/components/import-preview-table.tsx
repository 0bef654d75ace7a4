import { Flex, Radio, type TableColumnsType, Tag, Typography } from "antd";
import { useMemo, useState } from "react";
import { TableBody } from "../../../shared/components/data-table";
import type { ImportKindConfig } from "../lib/import-kinds";
import {
  countByAction,
  filterPreviewRows,
  PREVIEW_ACTION_LABELS,
  type PreviewAction,
  type PreviewFilter,
  type PreviewRow,
} from "../lib/preview-rows";
import { ImportLocationCell } from "./import-location-cell";

/** Rows per page of the preview (paged in the page: the report has every row). */
export const PREVIEW_PAGE_SIZE = 10;

const ACTION_COLORS: Record<PreviewAction, string> = {
  create: "green",
  update: "blue",
  unchanged: "default",
  error: "red",
};

const FILTER_LABELS: Record<PreviewFilter, string> = {
  all: "Todas",
  error: "Con error",
  warned: "Con aviso",
  create: "Nuevos",
  update: "Actualiza",
  unchanged: "Sin cambios",
};
const FILTERS: PreviewFilter[] = ["all", "error", "warned", "create", "update", "unchanged"];

/** A row's errors (red, with their column) and warnings (it imports all the same). */
function RowNotes({ row }: { row: PreviewRow }) {
  if (row.errors.length === 0 && row.warnings.length === 0) return <>—</>;
  return (
    <ul style={{ margin: 0, paddingInlineStart: 16 }}>
      {row.errors.map((error) => (
        <li key={`${error.column}:${error.message}`}>
          {error.column ? (
            <>
              <strong>{error.column}</strong>: {error.message}
            </>
          ) : (
            error.message
          )}
        </li>
      ))}
      {row.warnings.map((warning) => (
        <li key={warning.code}>
          <Typography.Text type="warning">
            <strong>Aviso</strong>: {warning.message}
          </Typography.Text>
        </li>
      ))}
    </ul>
  );
}

export interface ImportPreviewTableProps {
  config: ImportKindConfig;
  rows: readonly PreviewRow[];
  refused: ReadonlySet<number>;
  onAccept: (row: number, accepted: boolean) => void;
}

/**
 * Every row's state (errors first, with column and reason; then the rows with warnings), an
 * update's changed columns, filterable by state or warnings.
 */
export function ImportPreviewTable({ config, rows, refused, onAccept }: ImportPreviewTableProps) {
  const [filter, setFilter] = useState<PreviewFilter>("all");
  const [page, setPage] = useState(1);
  const counts = useMemo(() => countByAction(rows), [rows]);
  const shown = useMemo(() => filterPreviewRows(rows, filter), [rows, filter]);
  const lastPage = Math.max(1, Math.ceil(shown.length / PREVIEW_PAGE_SIZE));
  const current = Math.min(page, lastPage);

  const columns: TableColumnsType<PreviewRow> = [
    { title: "Fila", dataIndex: "row", width: 64 },
    {
      title: "Estado",
      dataIndex: "action",
      width: 110,
      render: (action: PreviewAction, row: PreviewRow) => (
        <Flex vertical gap={2} align="start">
          <Tag color={ACTION_COLORS[action]}>{PREVIEW_ACTION_LABELS[action]}</Tag>
          {row.changes.length > 0 && (
            <Typography.Text type="secondary">{`Cambia: ${row.changes.join(", ")}`}</Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: config.keyHeader, dataIndex: "key", width: 130, ellipsis: true },
    { title: "Nombre", dataIndex: "name", width: 170, ellipsis: true },
    ...(config.hasLocation
      ? [
          {
            title: "Ubicación",
            key: "location",
            width: 240,
            render: (_: unknown, row: PreviewRow) => (
              <ImportLocationCell row={row} accepted={!refused.has(row.row)} onAccept={onAccept} />
            ),
          },
        ]
      : []),
    {
      // Only collaborators' homes have warnings.
      title: config.hasLocation ? "Errores y avisos" : "Errores",
      key: "errors",
      width: 280,
      render: (_: unknown, row: PreviewRow) => <RowNotes row={row} />,
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Radio.Group
        aria-label="Mostrar filas"
        optionType="button"
        value={filter}
        onChange={(event) => {
          setFilter(event.target.value as PreviewFilter);
          setPage(1);
        }}
        options={FILTERS.filter((value) => value !== "warned" || config.hasLocation).map((value) => ({
          value,
          label: `${FILTER_LABELS[value]} (${counts[value]})`,
        }))}
      />
      <TableBody<PreviewRow>
        columns={columns}
        rowKey="row"
        emptyText="Ninguna fila en este estado"
        rows={shown.slice((current - 1) * PREVIEW_PAGE_SIZE, current * PREVIEW_PAGE_SIZE)}
        total={shown.length}
        page={current}
        pageSize={PREVIEW_PAGE_SIZE}
        loading={false}
        error={null}
        onPageChange={setPage}
      />
    </Flex>
  );
}
