export { createdDateColumn } from "./created-date-column";
export { DateRangeFilter } from "./date-range-filter";
export { EditButton } from "./edit-button";
export { editStatusColumns } from "./edit-status-columns";
export { FormModal } from "./form-modal";
export { ListPage, type ListPageProps } from "./list-page";
export { type ListQuery, listQueryProps } from "./list-query-props";
export { EMPTY_TABLE_MESSAGE, PagedTable } from "./paged-table";
export { type RowDetail, RowDetails } from "./row-details";
export { SearchBox } from "./search-box";
export {
  actionsColumn,
  STATUS_COLUMN_WIDTH,
  type StatusActionsColumns,
  type StatusActionsOptions,
  type StatusMutation,
  statusActionsColumns,
} from "./status-actions-columns";
export { type RecordStatus, STATUS_LABELS, StatusTag } from "./status-tag";
export { StatusToggle } from "./status-toggle";
export { countLabel, scrollWidth, TableBody, type TableBodyProps, type TablePageProps } from "./table-body";
export { readPage, type UrlParamsUpdateOptions, useUrlParamsUpdate } from "./url-params";
export { useEditing } from "./use-editing";
export {
  type ListRequest,
  type TableParams,
  type TableParamsOptions,
  type TableParamsState,
  type TableSort,
  useTableParams,
} from "./use-table-params";
