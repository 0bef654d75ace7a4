import {
  type BranchOfficeItem,
  branchOfficeSafetyShape,
  emergencyEmailsSchema,
  emergencyPhoneSchema,
  SAFE_ARRIVAL_DEFAULTS,
  SAFE_ARRIVAL_QUESTION,
} from "@treiber/contract";
import type { FormRule } from "antd";
import { Flex, Form, Input, InputNumber, Select, TimePicker } from "antd";
import type { Dayjs } from "dayjs";
import { fromApiTime } from "../../../shared/forms/time-of-day";
import { numberRule, zodRule } from "../../../shared/forms/zod-rule";

/** The branch office form's safety fields (issue 38) as the form holds them. */
export interface BranchOfficeSafetyValues {
  emergencyPhone?: string | null;
  emergencyEmails?: string[];
  nightStart?: Dayjs | null;
  nightEnd?: Dayjs | null;
  safeArrivalAskMinutes?: number | null;
  safeArrivalWaitMinutes?: number | null;
}

type SafetyFields = Pick<
  BranchOfficeItem,
  | "emergencyPhone"
  | "emergencyEmails"
  | "nightStart"
  | "nightEnd"
  | "safeArrivalAskMinutes"
  | "safeArrivalWaitMinutes"
>;

/** The form's values of a stored office, or a new one's defaults (20:00–06:00, 20 and 15 minutes). */
export function safetyValuesOf(office?: Partial<SafetyFields>): BranchOfficeSafetyValues {
  return {
    emergencyPhone: office?.emergencyPhone ?? null,
    emergencyEmails: office?.emergencyEmails ?? [],
    nightStart: fromApiTime(office?.nightStart ?? SAFE_ARRIVAL_DEFAULTS.nightStart) ?? null,
    nightEnd: fromApiTime(office?.nightEnd ?? SAFE_ARRIVAL_DEFAULTS.nightEnd) ?? null,
    safeArrivalAskMinutes: office?.safeArrivalAskMinutes ?? SAFE_ARRIVAL_DEFAULTS.askAfterMinutes,
    safeArrivalWaitMinutes: office?.safeArrivalWaitMinutes ?? SAFE_ARRIVAL_DEFAULTS.waitMinutes,
  };
}

/**
 * What the API takes: the phone (empty → none), the e-mails trimmed, the window as HH:mm; a field
 * left empty is not sent (the server keeps what is stored, or its default for a new office).
 */
export function safetyBodyOf(values: BranchOfficeSafetyValues) {
  const body: {
    emergencyPhone: string | null;
    emergencyEmails: string[];
    nightStart?: string;
    nightEnd?: string;
    safeArrivalAskMinutes?: number;
    safeArrivalWaitMinutes?: number;
  } = {
    emergencyPhone: values.emergencyPhone?.trim() || null,
    emergencyEmails: (values.emergencyEmails ?? []).map((email) => email.trim()).filter(Boolean),
  };
  if (values.nightStart) body.nightStart = values.nightStart.format("HH:mm");
  if (values.nightEnd) body.nightEnd = values.nightEnd.format("HH:mm");
  if (typeof values.safeArrivalAskMinutes === "number")
    body.safeArrivalAskMinutes = values.safeArrivalAskMinutes;
  if (typeof values.safeArrivalWaitMinutes === "number")
    body.safeArrivalWaitMinutes = values.safeArrivalWaitMinutes;
  return body;
}

const emailsRule: FormRule = {
  validator: async (_rule, value: unknown) => {
    const result = emergencyEmailsSchema.safeParse(value ?? []);
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? "Valor inválido");
  },
};

const TIME_PICKER = { format: ["HH:mm", "H:mm"], needConfirm: false, style: { width: "100%" } };

/**
 * «Seguridad»: the emergency number riders call from Treiber App and the contacts an SOS e-mails;
 * the night window and the delays of «¿Llegó bien?» after a night drop.
 */
export function BranchOfficeSafetyFields() {
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0 }} data-testid="branch-office-safety">
      <legend style={{ fontSize: 14, marginBottom: 8 }}>Seguridad</legend>
      <Form.Item
        label="Teléfono de emergencia"
        name="emergencyPhone"
        rules={[zodRule(emergencyPhoneSchema)]}
        extra="El número que Treiber App ofrece llamar tras un SOS."
      >
        <Input placeholder="(809) 555-0911" />
      </Form.Item>
      <Form.Item
        label="Correos de emergencia"
        name="emergencyEmails"
        rules={[emailsRule]}
        extra="Reciben cada alerta SOS de la sucursal. Escriba un correo y pulse Enter (hasta 10)."
      >
        <Select
          mode="tags"
          open={false}
          suffixIcon={null}
          tokenSeparators={[",", ";", " "]}
          placeholder="seguridad@empresa.com"
          aria-label="Correos de emergencia"
        />
      </Form.Item>
      <Flex gap={12}>
        <Form.Item label="Horario nocturno desde" name="nightStart" style={{ flex: 1 }}>
          <TimePicker {...TIME_PICKER} placeholder={SAFE_ARRIVAL_DEFAULTS.nightStart} />
        </Form.Item>
        <Form.Item label="Horario nocturno hasta" name="nightEnd" style={{ flex: 1 }}>
          <TimePicker {...TIME_PICKER} placeholder={SAFE_ARRIVAL_DEFAULTS.nightEnd} />
        </Form.Item>
      </Flex>
      <Form.Item
        label={`Preguntar ${SAFE_ARRIVAL_QUESTION} tras (min)`}
        name="safeArrivalAskMinutes"
        rules={[numberRule(branchOfficeSafetyShape.safeArrivalAskMinutes)]}
        extra="Minutos después de que el bus pasa por la parada del colaborador, en viajes de salida dentro del horario nocturno."
      >
        <InputNumber<number>
          placeholder={String(SAFE_ARRIVAL_DEFAULTS.askAfterMinutes)}
          style={{ width: "100%" }}
        />
      </Form.Item>
      <Form.Item
        label="Alertar sin respuesta tras (min)"
        name="safeArrivalWaitMinutes"
        rules={[numberRule(branchOfficeSafetyShape.safeArrivalWaitMinutes)]}
        extra="Sin respuesta en estos minutos después de preguntar, se abre la incidencia «Llegada sin confirmar»."
      >
        <InputNumber<number>
          placeholder={String(SAFE_ARRIVAL_DEFAULTS.waitMinutes)}
          style={{ width: "100%" }}
        />
      </Form.Item>
    </fieldset>
  );
}
