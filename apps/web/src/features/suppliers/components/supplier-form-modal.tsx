import type { SupplierItem, SupplierRateType, VehicleType } from "@treiber/contract";
import {
  pricedRoutesText,
  RATE_REQUIRED_MESSAGE,
  REQUIRED_MESSAGE,
  RNC_MESSAGE,
  RNC_PATTERN,
  rateAmountSchema,
  SUPPLIER_RATE_TYPE_LABELS,
  SUPPLIER_RATE_TYPES,
  TELEPHONE_MESSAGE,
  TELEPHONE_PATTERN,
  VEHICLE_RATES_REQUIRED_MESSAGE,
  VEHICLE_TYPE_LABELS,
  VEHICLE_TYPES,
} from "@treiber/contract";
import { App, Form, Input, InputNumber, Select, Typography } from "antd";
import { useMemo } from "react";
import { FormModal } from "../../../shared/components/data-table";
import { NameField } from "../../../shared/forms/text-fields";
import { textLimit } from "../../../shared/forms/text-limit";
import { numberRule } from "../../../shared/forms/zod-rule";
import { useCreateSupplier } from "../api/create-supplier";
import { useUpdateSupplier } from "../api/update-supplier";

interface SupplierFormValues {
  name: string;
  rnc?: string | null;
  contactName?: string | null;
  telephone: string;
  email?: string | null;
  /** «Sin tarifa» is null. */
  rateType?: SupplierRateType | null;
  rateAmount?: number | null;
  vehicleRates?: Partial<Record<VehicleType, number | null>>;
}

const RATE_OPTIONS = [
  { value: "none", label: "Sin tarifa" },
  ...SUPPLIER_RATE_TYPES.map((type) => ({ value: type, label: SUPPLIER_RATE_TYPE_LABELS[type] })),
];
const amountRule = numberRule(rateAmountSchema, { optional: true });

export interface SupplierFormModalProps {
  open: boolean;
  /** The supplier to edit; undefined to create. */
  supplier?: SupplierItem;
  onClose: () => void;
}

export function SupplierFormModal({ open, supplier, onClose }: SupplierFormModalProps) {
  const [form] = Form.useForm<SupplierFormValues>();
  const { message } = App.useApp();
  const create = useCreateSupplier();
  const update = useUpdateSupplier();
  const initialValues = useMemo(
    () =>
      supplier && {
        name: supplier.name,
        rnc: supplier.rnc,
        contactName: supplier.contactName,
        telephone: supplier.telephone ?? "",
        email: supplier.email,
        rateType: supplier.rateType,
        rateAmount: supplier.rateAmount,
        vehicleRates: supplier.vehicleRates,
      },
    [supplier],
  );
  const rateType = Form.useWatch("rateType", form) ?? null;

  return (
    <FormModal<SupplierFormValues>
      open={open}
      title={supplier ? "Editar suplidor" : "Nuevo suplidor"}
      form={form}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={(values) => {
        const type = values.rateType ?? null;
        const body = {
          ...values,
          rnc: values.rnc || null,
          contactName: values.contactName || null,
          email: values.email || null,
          // The whole rate every time: its type decides which amounts count (decision 0061).
          rateType: type,
          rateAmount: type === "trip" || type === "km" ? (values.rateAmount ?? null) : null,
          vehicleRates:
            type === "vehicle"
              ? Object.fromEntries(
                  VEHICLE_TYPES.map((vehicle) => [vehicle, values.vehicleRates?.[vehicle] ?? null]),
                )
              : null,
        };
        const saved = supplier ? update.mutateAsync({ id: supplier.id, ...body }) : create.mutateAsync(body);
        // The rate priced its drivers' planned routes at $0 (decision 0061): say how many.
        return saved.then(({ pricedRoutes }) => {
          if (pricedRoutes > 0) void message.info(pricedRoutesText(pricedRoutes));
        });
      }}
    >
      <NameField />
      <Form.Item label="RNC" name="rnc" rules={[{ pattern: RNC_PATTERN, message: RNC_MESSAGE }]}>
        <Input count={textLimit(11)} placeholder="9 u 11 dígitos" />
      </Form.Item>
      <Form.Item
        label="Persona de contacto"
        name="contactName"
        rules={[{ max: 120, message: "Máximo 120 caracteres" }]}
      >
        <Input count={textLimit(120)} />
      </Form.Item>
      <Form.Item
        label="Teléfono"
        name="telephone"
        rules={[
          { required: true, whitespace: true, message: REQUIRED_MESSAGE },
          { pattern: TELEPHONE_PATTERN, message: TELEPHONE_MESSAGE },
        ]}
      >
        <Input placeholder="(809) 555-1234" />
      </Form.Item>
      <Form.Item
        label="Correo electrónico"
        name="email"
        rules={[
          { type: "email", message: "Correo electrónico inválido" },
          { max: 254, message: "Máximo 254 caracteres" },
        ]}
      >
        <Input count={textLimit(254)} />
      </Form.Item>
      <Form.Item
        label="Tarifa"
        name="rateType"
        getValueProps={(value: SupplierRateType | null | undefined) => ({ value: value ?? "none" })}
        normalize={(value: string) => (value === "none" ? null : value)}
        extra="Planificación pone a cada ruta que aplica el costo por viaje de esta tarifa, y al guardarla la reciben las rutas planificadas en $0 de sus choferes; el corte factura ese costo."
      >
        <Select options={RATE_OPTIONS} />
      </Form.Item>
      {rateType === "trip" || rateType === "km" ? (
        <Form.Item
          label={rateType === "trip" ? "Monto por viaje (USD)" : "Monto por km de la ruta (USD)"}
          name="rateAmount"
          required
          rules={[
            amountRule,
            {
              validator: async (_rule, value: number | null | undefined) => {
                if (!value || value <= 0) throw new Error(RATE_REQUIRED_MESSAGE);
              },
            },
          ]}
        >
          <InputNumber<number> prefix="$" min={0} step={0.5} precision={2} style={{ width: "100%" }} />
        </Form.Item>
      ) : null}
      {rateType === "vehicle" ? (
        <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
          <legend style={{ fontSize: 14, marginBottom: 8 }}>
            <Typography.Text>Monto por viaje según el vehículo del chofer (USD)</Typography.Text>
          </legend>
          {VEHICLE_TYPES.map((vehicle, index) => (
            <Form.Item
              key={vehicle}
              label={VEHICLE_TYPE_LABELS[vehicle]}
              name={["vehicleRates", vehicle]}
              dependencies={VEHICLE_TYPES.filter((other) => other !== vehicle).map((other) => [
                "vehicleRates",
                other,
              ])}
              rules={[
                amountRule,
                ...(index === 0
                  ? [
                      ({ getFieldValue }: { getFieldValue: (name: (string | number)[]) => unknown }) => ({
                        validator: async () => {
                          const any = VEHICLE_TYPES.some(
                            (other) => Number(getFieldValue(["vehicleRates", other]) ?? 0) > 0,
                          );
                          if (!any) throw new Error(VEHICLE_RATES_REQUIRED_MESSAGE);
                        },
                      }),
                    ]
                  : []),
              ]}
            >
              <InputNumber<number> prefix="$" min={0} step={0.5} precision={2} style={{ width: "100%" }} />
            </Form.Item>
          ))}
        </fieldset>
      ) : null}
    </FormModal>
  );
}
