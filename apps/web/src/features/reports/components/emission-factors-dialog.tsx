import { formatNumber } from "@treiber/client/format";
import {
  DIESEL_KG_CO2_PER_LITRE,
  emissionFactorUpdateRequestSchema,
  VEHICLE_TYPE_LABELS,
  VEHICLE_TYPES,
  type VehicleType,
} from "@treiber/contract";
import { Button, Flex, Form, InputNumber, Skeleton, Typography } from "antd";
import { useMemo } from "react";
import { FormModal } from "../../../shared/components/data-table";
import { ErrorAlert } from "../../../shared/components/error-alert";
import { numberRule } from "../../../shared/forms/zod-rule";
import { useEmissionFactors, useUpdateEmissionFactors } from "../api/emission-factors";

type Values = Record<VehicleType, number>;

export interface EmissionFactorsDialogProps {
  open: boolean;
  onClose: () => void;
}

const kgRule = numberRule(emissionFactorUpdateRequestSchema.shape.kgPerKm);
const round = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * «Factores de emisión» (issue 36): the kg of CO₂ per km of each vehicle type that «Reporte Ahorro»
 * multiplies the trips' km by, with the default of each (DEFRA/DESNZ diesel × litres per 100 km,
 * the litres our own assumptions, said as such).
 */
export function EmissionFactorsDialog({ open, onClose }: EmissionFactorsDialogProps) {
  const [form] = Form.useForm<Values>();
  const factors = useEmissionFactors(open);
  const save = useUpdateEmissionFactors();

  const initialValues = useMemo(() => {
    if (!factors.data) return undefined;
    return Object.fromEntries(
      factors.data.map((factor) => [factor.vehicleType, round(factor.kgPerKm)]),
    ) as Values;
  }, [factors.data]);

  return (
    <FormModal<Values>
      open={open}
      title="Factores de emisión"
      form={form}
      initialValues={initialValues}
      onSubmit={async (values) => {
        const changes = VEHICLE_TYPES.filter((type) => values[type] !== initialValues?.[type]).map(
          (vehicleType) => ({ vehicleType, kgPerKm: values[vehicleType] }),
        );
        await save.mutateAsync(changes);
      }}
      onClose={onClose}
      savedLabel={() => "Factores de emisión"}
    >
      <Typography.Paragraph type="secondary">
        kg de CO₂ por km de cada tipo de vehículo (según los asientos del vehículo del chofer). Por defecto:
        diésel {formatNumber(DIESEL_KG_CO2_PER_LITRE, 2)} kg de CO₂ por litro (factores de conversión del
        gobierno del Reino Unido, DEFRA/DESNZ) por el consumo de cada tipo en litros cada 100 km. Esos
        consumos son supuestos de Treiber para el tránsito urbano, no de una fuente publicada: cámbielos por
        los de su flota.
      </Typography.Paragraph>
      {factors.error ? <ErrorAlert error={factors.error} onRetry={() => void factors.refetch()} /> : null}
      {factors.isLoading ? <Skeleton active title={false} paragraph={{ rows: 4 }} /> : null}
      <div hidden={!initialValues}>
        {(factors.data ?? []).map((factor) => (
          <Form.Item
            key={factor.vehicleType}
            label={VEHICLE_TYPE_LABELS[factor.vehicleType]}
            name={factor.vehicleType}
            extra={`Predeterminado: ${formatNumber(factor.defaultKgPerKm, 4)} kg/km (${formatNumber(factor.litresPer100Km, 0)} litros cada 100 km)`}
            rules={[kgRule]}
          >
            <InputNumber
              suffix="kg/km"
              step={0.01}
              style={{ width: 200 }}
              data-testid={`emission-factor-${factor.vehicleType}`}
            />
          </Form.Item>
        ))}
        <Flex>
          <Button
            onClick={() =>
              form.setFieldsValue(
                Object.fromEntries(
                  (factors.data ?? []).map((factor) => [factor.vehicleType, round(factor.defaultKgPerKm)]),
                ) as Values,
              )
            }
          >
            Usar los valores predeterminados
          </Button>
        </Flex>
      </div>
    </FormModal>
  );
}
