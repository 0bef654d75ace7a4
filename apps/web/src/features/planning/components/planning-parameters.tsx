import { formatMinutes, formatNumber } from "@treiber/client/format";
import { type Calibration, PLANNING_DEFAULTS, type ShiftTravelModelView } from "@treiber/contract";
import { Collapse, Flex, Form, InputNumber, Typography } from "antd";
import { CalibrationNote } from "./calibration-note";

export interface PlanningParameterValues {
  walkRadiusMeters: number;
  serviceMinutes: number;
  maxRideMinutes: number;
}

export interface PlanningParametersProps {
  values: PlanningParameterValues;
  onChange: (values: PlanningParameterValues) => void;
  calibration: Calibration;
  /** The shift's travel model and where it comes from (its override, calibrated, default). */
  travelModel: ShiftTravelModelView;
  disabled?: boolean;
}

/** One-line summary of the parameters, shown on the closed panel. */
export function parametersSummary({
  walkRadiusMeters,
  serviceMinutes,
  maxRideMinutes,
}: PlanningParameterValues) {
  const walk =
    walkRadiusMeters === 0 ? "puerta a puerta" : `caminata hasta ${formatNumber(walkRadiusMeters)} m`;
  return `${walk} · ${formatMinutes(serviceMinutes)} por parada · viaje máximo ${formatMinutes(maxRideMinutes)}`;
}

/** «Parámetros» (collapsible): walking radius, time per stop, longest ride, and the calibration. */
export function PlanningParameters({
  values,
  onChange,
  calibration,
  travelModel,
  disabled,
}: PlanningParametersProps) {
  const set = (field: keyof PlanningParameterValues) => (value: number | null) =>
    onChange({ ...values, [field]: value ?? PLANNING_DEFAULTS[field] });
  return (
    <Collapse
      size="small"
      items={[
        {
          key: "parameters",
          label: "Parámetros",
          extra: (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {parametersSummary(values)}
            </Typography.Text>
          ),
          children: (
            <Flex vertical gap={8}>
              <Flex gap={16} wrap>
                <Form.Item
                  label="Radio de caminata"
                  htmlFor="planning-walk-radius"
                  extra="0 = puerta a puerta"
                  style={{ marginBottom: 0 }}
                >
                  <InputNumber
                    id="planning-walk-radius"
                    min={0}
                    max={2000}
                    step={50}
                    precision={0}
                    suffix="m"
                    value={values.walkRadiusMeters}
                    onChange={set("walkRadiusMeters")}
                    disabled={disabled}
                    style={{ width: 140 }}
                  />
                </Form.Item>
                <Form.Item label="Tiempo por parada" htmlFor="planning-service" style={{ marginBottom: 0 }}>
                  <InputNumber
                    id="planning-service"
                    min={0}
                    max={15}
                    precision={0}
                    suffix="min"
                    value={values.serviceMinutes}
                    onChange={set("serviceMinutes")}
                    disabled={disabled}
                    style={{ width: 140 }}
                  />
                </Form.Item>
                <Form.Item label="Viaje máximo" htmlFor="planning-max-ride" style={{ marginBottom: 0 }}>
                  <InputNumber
                    id="planning-max-ride"
                    min={10}
                    max={240}
                    step={5}
                    precision={0}
                    suffix="min"
                    value={values.maxRideMinutes}
                    onChange={set("maxRideMinutes")}
                    disabled={disabled}
                    style={{ width: 140 }}
                  />
                </Form.Item>
              </Flex>
              <CalibrationNote calibration={calibration} travelModel={travelModel} />
            </Flex>
          ),
        },
      ]}
    />
  );
}
