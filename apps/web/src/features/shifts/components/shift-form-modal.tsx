import {
  REQUIRED_MESSAGE,
  SHIFT_DIRECTION_LABELS,
  SHIFT_DIRECTIONS,
  type ShiftDirection,
  type ShiftListItem,
  shiftCreateRequestSchema,
} from "@treiber/contract";
import { Form, Input, Radio, Select, TimePicker } from "antd";
import type { Dayjs } from "dayjs";
import { useMemo } from "react";
import { FormModal } from "../../../shared/components/data-table";
import { DaysField } from "../../../shared/forms/days-field";
import { textLimit } from "../../../shared/forms/text-limit";
import { fromApiTime } from "../../../shared/forms/time-of-day";
import { zodRule } from "../../../shared/forms/zod-rule";
import { useBranchOfficeNames } from "../../../shared/lookups/list-branch-office-names";
import { useCreateShift } from "../api/create-shift";
import { useUpdateShift } from "../api/update-shift";

interface ShiftFormValues {
  branchOfficeId: number;
  name: string;
  direction: ShiftDirection;
  time: Dayjs;
  dayIds: number[];
}

export interface ShiftFormModalProps {
  open: boolean;
  /** The shift to edit; undefined to create. */
  shift?: ShiftListItem;
  onClose: () => void;
}

const fields = shiftCreateRequestSchema.shape;
/** A shift's time is the contract's `HH:mm` (24 h), typed as 08:00 or 8:00. */
const SHIFT_TIME_PICKER_PROPS = { format: ["HH:mm", "H:mm"], placeholder: "08:00" };
const DIRECTION_OPTIONS = SHIFT_DIRECTIONS.map((direction) => ({
  value: direction,
  label: SHIFT_DIRECTION_LABELS[direction],
}));

export function ShiftFormModal({ open, shift, onClose }: ShiftFormModalProps) {
  const [form] = Form.useForm<ShiftFormValues>();
  const create = useCreateShift();
  const update = useUpdateShift();
  const offices = useBranchOfficeNames();

  const initialValues = useMemo(
    () =>
      shift && {
        branchOfficeId: shift.branchOfficeId,
        name: shift.name,
        direction: shift.direction,
        time: fromApiTime(shift.time),
        dayIds: shift.days.map((day) => day.id),
      },
    [shift],
  );
  const officeOptions = useMemo(() => {
    const items = (offices.data ?? []).map((office) => ({ value: office.id, label: office.name }));
    // The shift's own office stays readable when it is no longer active.
    if (shift && !items.some((item) => item.value === shift.branchOfficeId)) {
      items.unshift({ value: shift.branchOfficeId, label: shift.branchOfficeName });
    }
    return items;
  }, [offices.data, shift]);

  return (
    <FormModal<ShiftFormValues>
      open={open}
      title={shift ? "Editar turno" : "Nuevo turno"}
      form={form}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={(values) => {
        const body = {
          branchOfficeId: values.branchOfficeId,
          name: values.name.trim(),
          direction: values.direction,
          time: values.time.format("HH:mm"),
          dayIds: values.dayIds,
        };
        return shift ? update.mutateAsync({ id: shift.id, ...body }) : create.mutateAsync(body);
      }}
    >
      <Form.Item
        label="Sucursal"
        name="branchOfficeId"
        rules={[{ required: true, message: REQUIRED_MESSAGE }]}
      >
        <Select
          showSearch={{ optionFilterProp: "label" }}
          placeholder="Seleccione una sucursal"
          loading={offices.isLoading}
          options={officeOptions}
          notFoundContent={offices.isError ? "No se pudieron cargar las sucursales" : "No hay registros"}
        />
      </Form.Item>
      <Form.Item label="Nombre" name="name" required rules={[zodRule(fields.name)]}>
        <Input count={textLimit(60)} placeholder="Mañana" />
      </Form.Item>
      <Form.Item
        label="Dirección"
        name="direction"
        rules={[{ required: true, message: REQUIRED_MESSAGE }]}
        extra="Entrada: llegar al trabajo a más tardar a la hora. Salida: salir del trabajo a la hora."
      >
        <Radio.Group options={DIRECTION_OPTIONS} aria-label="Dirección" />
      </Form.Item>
      <Form.Item
        label="Hora"
        name="time"
        rules={[{ required: true, message: REQUIRED_MESSAGE }]}
        extra={
          shift && shift.amountRoutes > 0
            ? `Lo atienden ${shift.amountRoutes === 1 ? "1 ruta" : `${shift.amountRoutes} rutas`}: una nueva dirección u hora debe cumplir sus paradas.`
            : undefined
        }
      >
        <TimePicker {...SHIFT_TIME_PICKER_PROPS} needConfirm={false} style={{ width: "100%" }} />
      </Form.Item>
      <DaysField />
    </FormModal>
  );
}
