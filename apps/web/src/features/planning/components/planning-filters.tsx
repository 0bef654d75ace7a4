import { formatClockTime } from "@treiber/client/format";
import type { CatalogNameItem } from "@treiber/contract";
import { type PlanningContext, SHIFT_DIRECTION_LABELS, type ShiftListItem } from "@treiber/contract";
import { Button, Card, Flex, Form, Select } from "antd";

export interface PlanningFiltersProps {
  branchOffices: CatalogNameItem[] | undefined;
  branchOfficesLoading: boolean;
  branchOfficeId: number | null;
  onBranchOffice: (id: number) => void;
  shifts: ShiftListItem[] | undefined;
  shiftsLoading: boolean;
  shiftId: number | null;
  onShift: (id: number) => void;
  context: PlanningContext | undefined;
  /** The workplace shown as chosen (null: none yet, the page asks for one). */
  destinationId: number | null;
  onDestination: (id: number) => void;
  /** «Nuevo turno»: creates a shift of the branch office here, then selects it (issue 33). */
  onNewShift?: () => void;
}

/** «Mañana — Entrada 8:00:00 am». */
export const shiftLabel = (shift: Pick<ShiftListItem, "name" | "direction" | "time">) =>
  `${shift.name} — ${SHIFT_DIRECTION_LABELS[shift.direction]} ${formatClockTime(shift.time)}`;

/** Sucursal → Turno → Lugar de trabajo. */
export function PlanningFilters(props: PlanningFiltersProps) {
  const { context } = props;
  return (
    <Card size="small">
      <Flex gap={16} wrap>
        <Form.Item
          label="Sucursal"
          htmlFor="planning-branch-office"
          layout="vertical"
          style={{ marginBottom: 0 }}
        >
          <Select
            id="planning-branch-office"
            showSearch={{ optionFilterProp: "label" }}
            loading={props.branchOfficesLoading}
            value={props.branchOfficeId ?? undefined}
            onChange={props.onBranchOffice}
            placeholder="Elija la sucursal"
            options={(props.branchOffices ?? []).map((item) => ({ value: item.id, label: item.name }))}
            style={{ width: 240 }}
          />
        </Form.Item>
        <Form.Item label="Turno" htmlFor="planning-shift" layout="vertical" style={{ marginBottom: 0 }}>
          <Select
            id="planning-shift"
            loading={props.shiftsLoading}
            value={props.shiftId ?? undefined}
            onChange={props.onShift}
            disabled={!props.shifts || props.shifts.length === 0}
            placeholder="Elija el turno"
            options={(props.shifts ?? []).map((shift) => ({ value: shift.id, label: shiftLabel(shift) }))}
            style={{ width: 260 }}
          />
        </Form.Item>
        {props.onNewShift ? (
          <Form.Item label=" " colon={false} layout="vertical" style={{ marginBottom: 0 }}>
            <Button onClick={props.onNewShift} disabled={props.branchOfficeId === null}>
              Nuevo turno
            </Button>
          </Form.Item>
        ) : null}
        <Form.Item
          label="Lugar de trabajo"
          htmlFor="planning-destination"
          layout="vertical"
          style={{ marginBottom: 0 }}
        >
          <Select
            id="planning-destination"
            showSearch={{ optionFilterProp: "label" }}
            value={props.destinationId ?? undefined}
            onChange={props.onDestination}
            disabled={!context || context.destinations.length === 0}
            placeholder="Elija el lugar de trabajo"
            options={(context?.destinations ?? []).map((item) => ({
              value: item.id,
              label:
                item.amountRoutes > 0
                  ? `${item.name} (${item.amountRoutes} ${item.amountRoutes === 1 ? "ruta" : "rutas"})`
                  : item.name,
            }))}
            style={{ width: 280 }}
          />
        </Form.Item>
      </Flex>
    </Card>
  );
}
