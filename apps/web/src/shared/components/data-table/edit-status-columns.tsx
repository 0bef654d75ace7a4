import { EditButton } from "./edit-button";
import {
  type StatusActionsColumns,
  type StatusMutation,
  statusActionsColumns,
} from "./status-actions-columns";
import type { RecordStatus } from "./status-tag";

/**
 * The status and actions columns of a named catalog record (branch office, supplier): the status
 * switch, labelled with its name, and its "Editar" button, which calls `edit`.
 */
export function editStatusColumns<T extends { id: number; name: string; status: RecordStatus }>(
  setStatus: StatusMutation,
  edit: (row: T) => void,
): StatusActionsColumns<T> {
  return statusActionsColumns<T>({
    setStatus,
    name: (row) => row.name,
    actions: (row) => <EditButton label={row.name} onClick={() => edit(row)} />,
  });
}
