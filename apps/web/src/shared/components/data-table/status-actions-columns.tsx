import { getErrorMessage } from "@treiber/client";
import type { StatusChange } from "@treiber/contract";
import { Flex, type TableColumnType } from "antd";
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
   * The "Acciones" cell, given the status switch to place among the buttons. Without it the switch
   * sits in the "Estado" column next to the tag, and the page writes its own actions column.
   */
  actions?: (row: T, statusSwitch: ReactNode) => ReactNode;
  /** Lets the actions wrap onto several lines (many buttons). */
  wrapActions?: boolean;
}

export interface StatusActionsColumns<T> {
  /** "Estado": the status tag. */
  status: TableColumnType<T>;
  /** "Acciones": `actions` around the switch. */
  actions: TableColumnType<T>;
}

const ACTIONS_STYLE: CSSProperties = { display: "inline-flex", gap: 12, alignItems: "center" };
const WRAPPED_ACTIONS_STYLE: CSSProperties = {
  display: "inline-flex",
  flexWrap: "wrap",
  gap: 8,
  alignItems: "center",
};

/**
 * The status and actions columns of a management list: the Activo/Inactivo tag, and the switch
 * that asks before changing the status, saves it and shows the server's error if it fails.
 */
type StatusRow = { id: number; status: RecordStatus };

export function statusActionsColumns<T extends StatusRow>(
  options: StatusActionsOptions<T> & Required<Pick<StatusActionsOptions<T>, "actions">>,
): StatusActionsColumns<T>;
export function statusActionsColumns<T extends StatusRow>(
  options: Omit<StatusActionsOptions<T>, "actions" | "wrapActions">,
): Pick<StatusActionsColumns<T>, "status">;
export function statusActionsColumns<T extends StatusRow>({
  setStatus,
  name,
  actions,
  wrapActions = false,
}: StatusActionsOptions<T>): Pick<StatusActionsColumns<T>, "status"> & Partial<StatusActionsColumns<T>> {
  const statusSwitch = (row: T) => (
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
  if (!actions) {
    return {
      status: {
        title: "Estado",
        dataIndex: "status",
        render: (_, row) => (
          <Flex gap={12} align="center">
            <StatusTag status={row.status} />
            {statusSwitch(row)}
          </Flex>
        ),
      },
    };
  }
  return {
    status: { title: "Estado", dataIndex: "status", render: (_, row) => <StatusTag status={row.status} /> },
    actions: {
      title: "Acciones",
      key: "actions",
      render: (_, row) => (
        <span style={wrapActions ? WRAPPED_ACTIONS_STYLE : ACTIONS_STYLE}>
          {actions(row, statusSwitch(row))}
        </span>
      ),
    },
  };
}
