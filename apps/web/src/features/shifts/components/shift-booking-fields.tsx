import { cutoffMinutesSchema, DEFAULT_CUTOFF_MINUTES, REQUIRED_MESSAGE } from "@treiber/contract";
import { Checkbox, Form, InputNumber, Radio, Switch, TimePicker } from "antd";
import type { Dayjs } from "dayjs";
import { fromApiTime } from "../../../shared/forms/time-of-day";
import { numberRule } from "../../../shared/forms/zod-rule";

/** How a shift's cut-off is given: minutes before the first stop, or the day before at a time. */
export type CutoffMode = "minutes" | "dayBefore";

/** The booking fields of the shift form (issue 35). */
export interface ShiftBookingValues {
  confirmationRequired: boolean;
  cutoffMode: CutoffMode;
  cutoffMinutes?: number | null;
  cutoffDayBeforeTime?: Dayjs | null;
  /** «Plan del día»: «Automático» (issue 36): applied at each cut-off. */
  dayPlanAuto: boolean;
}

/** The form's values of a stored shift (or a new one's defaults). */
export function bookingValuesOf(shift?: {
  confirmationRequired: boolean;
  cutoffMinutes: number;
  cutoffDayBeforeTime: string | null;
  dayPlanAuto: boolean;
}): ShiftBookingValues {
  return {
    confirmationRequired: shift?.confirmationRequired ?? false,
    cutoffMode: shift?.cutoffDayBeforeTime ? "dayBefore" : "minutes",
    cutoffMinutes: shift?.cutoffMinutes ?? DEFAULT_CUTOFF_MINUTES,
    cutoffDayBeforeTime: shift?.cutoffDayBeforeTime ? fromApiTime(shift.cutoffDayBeforeTime) : null,
    dayPlanAuto: shift?.dayPlanAuto ?? false,
  };
}

/** What the API takes: the day-before time wins when chosen; else the minutes (and no time). */
export function bookingBodyOf(values: ShiftBookingValues) {
  const dayBefore = values.cutoffMode === "dayBefore" && values.cutoffDayBeforeTime;
  return {
    confirmationRequired: values.confirmationRequired,
    cutoffMinutes: values.cutoffMinutes ?? DEFAULT_CUTOFF_MINUTES,
    cutoffDayBeforeTime: dayBefore ? dayBefore.format("HH:mm") : null,
    dayPlanAuto: values.dayPlanAuto,
  };
}

const MODE_OPTIONS = [
  { value: "minutes", label: "Minutos antes de la primera parada" },
  { value: "dayBefore", label: "El día anterior a una hora" },
];

/**
 * «Reservas»: whether riders confirm each day (opt-in) and until when they may change a booking.
 * After the cut-off only an administrator changes it, with a reason. «Plan del día» «Automático»:
 * at each cut-off the plan of the day is applied for who rides (issue 36).
 */
export function ShiftBookingFields() {
  const form = Form.useFormInstance<ShiftBookingValues>();
  const mode = Form.useWatch("cutoffMode", form);
  return (
    <fieldset className="shift-bookings" style={{ border: 0, margin: 0, padding: 0 }}>
      <legend style={{ fontSize: 14, marginBottom: 8 }}>Reservas</legend>
      <Form.Item
        label="Confirmación diaria"
        name="confirmationRequired"
        valuePropName="checked"
        extra="Encendido: cada colaborador confirma cada día («Sí viajaré»); sin confirmar no ocupa asiento. Apagado: viaja salvo que cancele."
      >
        <Switch />
      </Form.Item>
      <Form.Item label="Plazo para cambiar la reserva" name="cutoffMode">
        <Radio.Group options={MODE_OPTIONS} aria-label="Plazo para cambiar la reserva" />
      </Form.Item>
      {mode === "dayBefore" ? (
        <Form.Item
          label="Hora del día anterior"
          name="cutoffDayBeforeTime"
          rules={[{ required: true, message: REQUIRED_MESSAGE }]}
        >
          <TimePicker
            format={["HH:mm", "H:mm"]}
            placeholder="20:00"
            needConfirm={false}
            style={{ width: "100%" }}
          />
        </Form.Item>
      ) : (
        <Form.Item
          label="Minutos de anticipación"
          name="cutoffMinutes"
          rules={[numberRule(cutoffMinutesSchema)]}
          extra={`Antes de la primera parada planificada de cada ruta. Por defecto ${DEFAULT_CUTOFF_MINUTES}.`}
        >
          <InputNumber<number>
            suffix="min"
            placeholder={String(DEFAULT_CUTOFF_MINUTES)}
            style={{ width: "100%" }}
          />
        </Form.Item>
      )}
      <Form.Item
        label="Plan del día"
        name="dayPlanAuto"
        valuePropName="checked"
        extra="Al cierre de reservas se aplica el plan del día para quienes viajan"
      >
        <Checkbox>Automático</Checkbox>
      </Form.Item>
    </fieldset>
  );
}
