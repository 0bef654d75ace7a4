import { formatDate } from "@treiber/client/format";
import type { BranchOfficeItem } from "@treiber/contract";
import { Button, Card, type TableColumnsType } from "antd";
import { useState } from "react";
import { useBranchOffices } from "../features/branch-offices/api/list-branch-offices";
import { useSetBranchOfficeStatus } from "../features/branch-offices/api/set-branch-office-status";
import { BranchOfficeFormModal } from "../features/branch-offices/components/branch-office-form-modal";
import {
  listQueryProps,
  PagedTable,
  RowDetails,
  statusActionsColumns,
  useTableParams,
} from "../shared/components/data-table";
import { PageSection } from "../shared/components/page-section";

export function BranchOfficePage() {
  const table = useTableParams();
  const query = useBranchOffices(table.request);
  const setStatus = useSetBranchOfficeStatus();
  const [editing, setEditing] = useState<{ office?: BranchOfficeItem } | null>(null);

  const { status, actions } = statusActionsColumns<BranchOfficeItem>({
    setStatus,
    name: (row) => row.name,
    actions: (row) => (
      <Button size="small" aria-label={`Editar ${row.name}`} onClick={() => setEditing({ office: row })}>
        Editar
      </Button>
    ),
  });
  const columns: TableColumnsType<BranchOfficeItem> = [
    { title: "Nombre", dataIndex: "name", width: 220, ellipsis: true, sorter: true },
    { title: "Dirección", dataIndex: "address", width: 200, ellipsis: true },
    { title: "Colaboradores", dataIndex: "amountEmployees", width: 120, align: "right" },
    {
      title: "Fecha de creación",
      dataIndex: "createdDate",
      width: 150,
      sorter: true,
      render: (value: string) => formatDate(value),
    },
    status,
    actions,
  ];

  return (
    <PageSection title="Sucursales">
      <Card>
        <PagedTable<BranchOfficeItem>
          table={table}
          columns={columns}
          {...listQueryProps(query)}
          rowKey="id"
          searchPlaceholder="Buscar sucursal"
          dateFilter
          details={(row) => (
            <RowDetails
              items={[
                { label: "Nombre", value: row.name },
                { label: "Dirección", value: row.address },
                { label: "Teléfono", value: row.telephone },
              ]}
            />
          )}
          actions={
            <Button type="primary" onClick={() => setEditing({})}>
              Nueva sucursal
            </Button>
          }
        />
      </Card>
      <BranchOfficeFormModal
        open={editing !== null}
        office={editing?.office}
        onClose={() => setEditing(null)}
      />
    </PageSection>
  );
}
