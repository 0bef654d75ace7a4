import { latitudeSchema, locationSchema, longitudeSchema, REQUIRED_MESSAGE } from "@treiber/contract";
import { Form, type FormRule, Input, InputNumber } from "antd";
import { LazyLocationPickerMap } from "../map/lazy";

const COORDINATES = ["latitude", "longitude"] as const;
const LOCATION_FIELDS = ["address", ...COORDINATES] as const;
type LocationField = (typeof LOCATION_FIELDS)[number];

function isFilled(value: unknown): boolean {
  return value !== undefined && value !== null && String(value).trim() !== "";
}

interface SafeParser {
  safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } };
}

/**
 * A location that is optional as a whole: while its three fields are empty nothing is required,
 * once one is filled all three are, each checked by its contract schema.
 */
function allOrNoneRule(schema: SafeParser): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (!LOCATION_FIELDS.some((name) => isFilled(getFieldValue(name)))) return;
      if (!isFilled(value)) throw new Error(REQUIRED_MESSAGE);
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(result.error?.issues[0]?.message ?? "Valor inválido");
    },
  });
}

const ALL_OR_NONE: Record<LocationField, { rule: FormRule; dependencies: LocationField[] }> = {
  address: { rule: allOrNoneRule(locationSchema.shape.address), dependencies: ["latitude", "longitude"] },
  latitude: { rule: allOrNoneRule(latitudeSchema), dependencies: ["address", "longitude"] },
  longitude: { rule: allOrNoneRule(longitudeSchema), dependencies: ["address", "latitude"] },
};

/** Whether the three fields of an all-or-none location were filled. */
export function hasLocation(values: Partial<Record<LocationField, unknown>>): boolean {
  return LOCATION_FIELDS.every((name) => isFilled(values[name]));
}

export interface AddressFieldProps {
  /** Form field name; `address` unless the form holds another address. */
  name?: string;
  label?: string;
  max?: number;
  /** Marks the field required; with the default rules it also refuses a blank address. */
  required?: boolean;
  /** Replaces the default rules (required when `required`, at most `max` characters). */
  rules?: FormRule[];
  dependencies?: string[];
}

/** The address input of a location. */
export function AddressField({
  name = "address",
  label = "Dirección",
  max = 250,
  required = false,
  rules,
  dependencies,
}: AddressFieldProps) {
  const defaultRules: FormRule[] = [
    ...(required ? [{ required: true, whitespace: true, message: REQUIRED_MESSAGE }] : []),
    { max, message: `Máximo ${max} caracteres` },
  ];
  return (
    <Form.Item
      label={label}
      name={name}
      required={required || undefined}
      dependencies={dependencies}
      rules={rules ?? defaultRules}
    >
      <Input maxLength={max} />
    </Form.Item>
  );
}

export interface CoordinateFieldsProps {
  /** Each coordinate required as soon as any location field is filled (see `LocationFields`). */
  allOrNone?: boolean;
}

/** Latitud and Longitud number inputs (fields `latitude` and `longitude`). */
export function CoordinateFields({ allOrNone = false }: CoordinateFieldsProps) {
  const step = allOrNone ? 0.000001 : undefined;
  return (
    <>
      <Form.Item
        label="Latitud"
        name="latitude"
        dependencies={allOrNone ? ALL_OR_NONE.latitude.dependencies : undefined}
        rules={allOrNone ? [ALL_OR_NONE.latitude.rule] : undefined}
      >
        <InputNumber min={-90} max={90} step={step} style={{ width: "100%" }} />
      </Form.Item>
      <Form.Item
        label="Longitud"
        name="longitude"
        dependencies={allOrNone ? ALL_OR_NONE.longitude.dependencies : undefined}
        rules={allOrNone ? [ALL_OR_NONE.longitude.rule] : undefined}
      >
        <InputNumber min={-180} max={180} step={step} style={{ width: "100%" }} />
      </Form.Item>
    </>
  );
}

export interface LocationMapProps {
  height: number;
  ariaLabel: string;
  extra?: string;
}

/** A map picker bound to the `latitude` and `longitude` fields: a click or a drag fills both. */
function CoordinatesMapField({ height, ariaLabel, extra }: LocationMapProps) {
  const form = Form.useFormInstance();
  return (
    <Form.Item
      noStyle
      shouldUpdate={(before, after) =>
        before.latitude !== after.latitude || before.longitude !== after.longitude
      }
    >
      {({ getFieldValue }) => {
        const latitude = getFieldValue("latitude") as number | null | undefined;
        const longitude = getFieldValue("longitude") as number | null | undefined;
        const value =
          typeof latitude === "number" && typeof longitude === "number" ? { latitude, longitude } : null;
        return (
          <Form.Item label="Ubicación en el mapa" extra={extra}>
            <LazyLocationPickerMap
              height={height}
              ariaLabel={ariaLabel}
              value={value}
              onChange={(point) => {
                form.setFieldsValue(point);
                void form.validateFields([...LOCATION_FIELDS]).catch(() => undefined);
              }}
            />
          </Form.Item>
        );
      }}
    </Form.Item>
  );
}

export interface LocationFieldsProps {
  /** Optional as a whole: all three fields or none (see `allOrNoneRule`); otherwise each is free. */
  allOrNone?: boolean;
  /** A map picker above the fields, filling latitude and longitude. */
  map?: LocationMapProps;
}

/** The location block of a form: optional map picker, then Dirección, Latitud and Longitud. */
export function LocationFields({ allOrNone = false, map }: LocationFieldsProps) {
  return (
    <>
      {map && <CoordinatesMapField {...map} />}
      <AddressField
        dependencies={allOrNone ? ALL_OR_NONE.address.dependencies : undefined}
        rules={allOrNone ? [ALL_OR_NONE.address.rule] : undefined}
      />
      <CoordinateFields allOrNone={allOrNone} />
    </>
  );
}
