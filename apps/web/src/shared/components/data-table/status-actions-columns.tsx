import { getErrorMessage } from "@treiber/client";
import type { StatusChange } from "@treiber/contract";
import { type TableColumnType, Tooltip } from "antd";
import type { CSSProperties, ReactNode } from "react";
import { showErrorMessage } from "../../feedback/feedback";
import { type RecordStatus, StatusTag } from "./status-tag";
import { StatusToggle } from "./status-toggle";

/** What the columns need of a list's `PUT …/status` mutation (a TanStack `useMutation` result). */
export interface StatusMutation {
  isPending: boolean;
  variables: StatusChange | undefined;
  mutate: (change: StatusChange, options: { onError: (error: unknown) => void }) => void;
}

export interface StatusActionsOptions<T> {
  setStatus: StatusMutation;
  /** The record's name in the confirmation and the switch's label. */
  name: (row: T) => string;
  /**
   * Why the current user may not change this row's status (shown as a tooltip on the tag), or
   * undefined when they may: the row then shows the switch.
   */
  statusLockedReason?: (row: T) => string | undefined;
  /** The "Acciones" cell. Without it the page writes its own actions column (`actionsColumn`). */
  actions?: (row: T) => ReactNode;
  /** Width of the actions column (px); its buttons wrap inside it. */
  actionsWidth?: number;
}

export interface StatusActionsColumns<T> {
  /** "Estado": the status, shown once (the switch, or the tag when it cannot be changed). */
  status: TableColumnType<T>;
  /** "Acciones": fixed on the right edge of the table. */
  actions: TableColumnType<T>;
}

/** Width of the "Estado" column: the switch with "Inactivo" in it. */
export const STATUS_COLUMN_WIDTH = 120;
const ACTIONS_STYLE: CSSProperties = {
  display: "inline-flex",
  flexWrap: "wrap",
  gap: 8,
  alignItems: "center",
};

/**
 * The "Acciones" column of a list: fixed on the right, so the row actions stay in view however
 * wide the other columns are; its buttons wrap inside `width`.
 */
export function actionsColumn<T>(render: (row: T) => ReactNode, width = 100): TableColumnType<T> {
  return {
    title: "Acciones",
    key: "actions",
    fixed: "right",
    width,
    render: (_, row) => <span style={ACTIONS_STYLE}>{render(row)}</span>,
  };
}

type StatusRow = { id: number; status: RecordStatus };

/**
 * The status and actions columns of a management list. The status is shown once: a switch
 * (labelled with the record's name) that asks before changing it, saves it and shows the server's
 * error if it fails; or, when the user may not change it, the Activo/Inactivo tag saying why.
 */
export function statusActionsColumns<T extends StatusRow>(
  options: StatusActionsOptions<T> & Required<Pick<StatusActionsOptions<T>, "actions">>,
): StatusActionsColumns<T>;
export function statusActionsColumns<T extends StatusRow>(
  options: Omit<StatusActionsOptions<T>, "actions" | "actionsWidth">,
): Pick<StatusActionsColumns<T>, "status">;
export function statusActionsColumns<T extends StatusRow>({
  setStatus,
  name,
  statusLockedReason,
  actions,
  actionsWidth,
}: StatusActionsOptions<T>): Pick<StatusActionsColumns<T>, "status"> & Partial<StatusActionsColumns<T>> {
  const statusCell = (row: T) => {
    const locked = statusLockedReason?.(row);
    if (locked) {
      return (
        <Tooltip title={locked}>
          <span>
            <StatusTag status={row.status} />
          </span>
        </Tooltip>
      );
    }
    return (
      <StatusToggle
        status={row.status}
        name={name(row)}
        loading={setStatus.isPending && setStatus.variables?.id === row.id}
        onChange={(status) =>
          setStatus.mutate(
            { id: row.id, status },
            { onError: (error) => showErrorMessage(getErrorMessage(error)) },
          )
        }
      />
    );
  };
  const status: TableColumnType<T> = {
    title: "Estado",
    dataIndex: "status",
    width: STATUS_COLUMN_WIDTH,
    render: (_, row) => statusCell(row),
  };
  return actions ? { status, actions: actionsColumn(actions, actionsWidth) } : { status };
}
