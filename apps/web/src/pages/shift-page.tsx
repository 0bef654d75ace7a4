import { formatDate } from "@treiber/client/format";
import { SHIFT_DIRECTION_LABELS, type ShiftDirection, type ShiftListItem } from "@treiber/contract";
import { Button, Flex, Tag } from "antd";
import { useShifts } from "../features/shifts/api/list-shifts";
import { useSetShiftStatus } from "../features/shifts/api/set-shift-status";
import { BranchOfficeFilter } from "../features/shifts/components/branch-office-filter";
import { ShiftFormModal } from "../features/shifts/components/shift-form-modal";
import { useShiftListParams } from "../features/shifts/hooks/use-shift-list-params";
import { daysSummary } from "../features/shifts/lib/days-summary";
import { travelModelSummary } from "../features/shifts/lib/travel-model-summary";
import { editStatusColumns, ListPage, useEditing } from "../shared/components/data-table";

const directionLabel = (direction: ShiftDirection) => SHIFT_DIRECTION_LABELS[direction];

/** /shift: the shifts (turnos) of the branch offices, by branch office and name (issue 23). */
export function ShiftPage() {
  const { table, request, branchOfficeId, setBranchOffice } = useShiftListParams();
  const query = useShifts(request);
  const setStatus = useSetShiftStatus();
  const editing = useEditing<ShiftListItem>();

  const { status, actions } = editStatusColumns<ShiftListItem>(setStatus, editing.edit);

  return (
    <ListPage<ShiftListItem>
      title="Turnos"
      table={table}
      query={query}
      columns={[
        { title: "Nombre", dataIndex: "name", width: 140, ellipsis: true },
        { title: "Sucursal", dataIndex: "branchOfficeName", width: 150, ellipsis: true },
        { title: "Dirección", dataIndex: "direction", width: 100, render: directionLabel },
        { title: "Hora", dataIndex: "time", width: 80 },
        {
          title: "Días",
          dataIndex: "days",
          width: 150,
          ellipsis: true,
          render: (days: ShiftListItem["days"]) => daysSummary(days),
        },
        { title: "Rutas", dataIndex: "amountRoutes", width: 80, align: "right" },
        status,
        actions,
      ]}
      searchPlaceholder="Buscar turno"
      filters={<BranchOfficeFilter value={branchOfficeId} onChange={setBranchOffice} />}
      dateFilter={false}
      details={(row) => [
        { label: "Nombre", value: row.name },
        { label: "Sucursal", value: row.branchOfficeName },
        { label: "Dirección", value: `${directionLabel(row.direction)} a las ${row.time}` },
        {
          label: "Días",
          value: (
            <Flex gap={4} wrap>
              {row.days.map((day) => (
                <Tag key={day.id}>{day.name}</Tag>
              ))}
            </Flex>
          ),
        },
        { label: "Rutas", value: row.amountRoutes },
        { label: "Modelo de viaje", value: travelModelSummary(row) },
        {
          label: "Plan del día",
          value: row.dayPlanAuto ? "Automático" : "Manual, desde Planificación",
        },
        { label: "Fecha de creación", value: formatDate(row.createdDate) },
      ]}
      actions={
        <Button type="primary" onClick={editing.create}>
          Nuevo turno
        </Button>
      }
    >
      <ShiftFormModal open={editing.open} shift={editing.item} onClose={editing.close} />
    </ListPage>
  );
}
