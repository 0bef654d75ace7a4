import type { BranchOfficeItem } from "@treiber/contract";
import { Button } from "antd";
import { useBranchOffices } from "../features/branch-offices/api/list-branch-offices";
import { useSetBranchOfficeStatus } from "../features/branch-offices/api/set-branch-office-status";
import { BranchOfficeFormModal } from "../features/branch-offices/components/branch-office-form-modal";
import {
  createdDateColumn,
  editStatusColumns,
  ListPage,
  useEditing,
  useTableParams,
} from "../shared/components/data-table";

export function BranchOfficePage() {
  const table = useTableParams();
  const query = useBranchOffices(table.request);
  const setStatus = useSetBranchOfficeStatus();
  const editing = useEditing<BranchOfficeItem>();

  const { status, actions } = editStatusColumns<BranchOfficeItem>(setStatus, editing.edit);

  return (
    <ListPage<BranchOfficeItem>
      title="Sucursales"
      table={table}
      query={query}
      columns={[
        { title: "Nombre", dataIndex: "name", width: 220, ellipsis: true, sorter: true },
        { title: "Dirección", dataIndex: "address", width: 200, ellipsis: true },
        { title: "Colaboradores", dataIndex: "amountEmployees", width: 120, align: "right" },
        createdDateColumn(),
        status,
        actions,
      ]}
      searchPlaceholder="Buscar sucursal"
      details={(row) => [
        { label: "Nombre", value: row.name },
        { label: "Dirección", value: row.address },
        { label: "Teléfono", value: row.telephone },
      ]}
      actions={
        <Button type="primary" onClick={editing.create}>
          Nueva sucursal
        </Button>
      }
    >
      <BranchOfficeFormModal open={editing.open} office={editing.item} onClose={editing.close} />
    </ListPage>
  );
}
