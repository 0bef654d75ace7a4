import { formatNumber } from "@treiber/client/format";
import {
  PLANNING_DEFAULTS,
  REQUIRED_MESSAGE,
  SHIFT_DIRECTION_LABELS,
  SHIFT_DIRECTIONS,
  type ShiftDirection,
  type ShiftListItem,
  shiftCreateRequestSchema,
} from "@treiber/contract";
import { Button, Form, Input, InputNumber, Radio, Select, TimePicker } from "antd";
import type { Dayjs } from "dayjs";
import { useMemo } from "react";
import { FormModal } from "../../../shared/components/data-table";
import { DaysField } from "../../../shared/forms/days-field";
import { textLimit } from "../../../shared/forms/text-limit";
import { fromApiTime } from "../../../shared/forms/time-of-day";
import { numberRule, zodRule } from "../../../shared/forms/zod-rule";
import { useBranchOfficeNames } from "../../../shared/lookups/list-branch-office-names";
import { useCreateShift } from "../api/create-shift";
import { useUpdateShift } from "../api/update-shift";
import {
  bookingBodyOf,
  bookingValuesOf,
  ShiftBookingFields,
  type ShiftBookingValues,
} from "./shift-booking-fields";

interface ShiftFormValues extends ShiftBookingValues {
  branchOfficeId: number;
  name: string;
  direction: ShiftDirection;
  time: Dayjs;
  dayIds: number[];
  /** The shift's own travel model; empty: the calculated values. */
  travelSpeedKmh?: number | null;
  travelCircuity?: number | null;
}

export interface ShiftFormModalProps {
  open: boolean;
  /** The shift to edit; undefined to create. */
  shift?: ShiftListItem;
  /** A new shift's branch office, chosen beforehand (Planificación's). */
  branchOfficeId?: number | null;
  onClose: () => void;
  /** A new shift was created (Planificación then selects it, issue 33). */
  onCreated?: (created: { id: number; branchOfficeId: number }) => void;
}

const fields = shiftCreateRequestSchema.shape;
/** A shift's time is the contract's `HH:mm` (24 h), typed as 08:00 or 8:00. */
const SHIFT_TIME_PICKER_PROPS = { format: ["HH:mm", "H:mm"], placeholder: "08:00" };
const DIRECTION_OPTIONS = SHIFT_DIRECTIONS.map((direction) => ({
  value: direction,
  label: SHIFT_DIRECTION_LABELS[direction],
}));

export function ShiftFormModal({ open, shift, branchOfficeId, onClose, onCreated }: ShiftFormModalProps) {
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
        travelSpeedKmh: shift.travelSpeedKmh,
        travelCircuity: shift.travelCircuity,
        ...bookingValuesOf(shift),
      },
    [shift],
  );
  const createValues = useMemo(
    () => ({ ...bookingValuesOf(), ...(branchOfficeId ? { branchOfficeId } : {}) }),
    [branchOfficeId],
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
      initialValues={initialValues ?? createValues}
      onClose={onClose}
      onSubmit={async (values) => {
        const body = {
          branchOfficeId: values.branchOfficeId,
          name: values.name.trim(),
          direction: values.direction,
          time: values.time.format("HH:mm"),
          dayIds: values.dayIds,
          // Empty sends null: the calculated values again («Volver a los valores calculados»).
          travelSpeedKmh: values.travelSpeedKmh ?? null,
          travelCircuity: values.travelCircuity ?? null,
          ...bookingBodyOf(values),
        };
        if (shift) return update.mutateAsync({ id: shift.id, ...body });
        const created = await create.mutateAsync(body);
        onCreated?.({ id: created.id, branchOfficeId: body.branchOfficeId });
        return created;
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
      <TravelModelFields />
      <ShiftBookingFields />
    </FormModal>
  );
}

const DEFAULTS_TEXT = `${formatNumber(PLANNING_DEFAULTS.peakSpeedKmh)} km/h en hora pico, ${formatNumber(PLANNING_DEFAULTS.offPeakSpeedKmh)} fuera de ella, desvío ${formatNumber(PLANNING_DEFAULTS.circuity)}`;

/**
 * «Modelo de viaje» (issue 33, decision 0058): the shift's own moving speed and circuity, for the
 * planner, the planned times, the LATE rule and «Mi bus». Empty: the branch office's calibration,
 * or the defaults until it has trips of its own; «Volver a los valores calculados» empties both.
 */
function TravelModelFields() {
  const form = Form.useFormInstance<ShiftFormValues>();
  const speed = Form.useWatch("travelSpeedKmh", form);
  const circuity = Form.useWatch("travelCircuity", form);
  const overridden = (speed ?? null) !== null || (circuity ?? null) !== null;
  return (
    <fieldset className="shift-travel-model" style={{ border: 0, margin: 0, padding: 0 }}>
      <legend style={{ fontSize: 14, marginBottom: 8 }}>Modelo de viaje</legend>
      <Form.Item
        label="Velocidad en movimiento"
        name="travelSpeedKmh"
        rules={[numberRule(fields.travelSpeedKmh.unwrap().unwrap(), { optional: true })]}
        extra={`Sin contar las paradas. Vacío: la calibrada con los viajes de la sucursal o, hasta tener suficientes, la de por defecto (${DEFAULTS_TEXT}).`}
      >
        <InputNumber<number> suffix="km/h" placeholder="Calculada" style={{ width: "100%" }} />
      </Form.Item>
      <Form.Item
        label="Desvío"
        name="travelCircuity"
        rules={[numberRule(fields.travelCircuity.unwrap().unwrap(), { optional: true })]}
        extra="Km por calle ÷ km en línea recta. Vacío: el calculado."
      >
        <InputNumber<number> placeholder="Calculado" style={{ width: "100%" }} />
      </Form.Item>
      {overridden ? (
        <Button
          onClick={() => form.setFieldsValue({ travelSpeedKmh: null, travelCircuity: null })}
          style={{ marginBottom: 16 }}
        >
          Volver a los valores calculados
        </Button>
      ) : null}
    </fieldset>
  );
}
