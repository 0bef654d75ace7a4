import {
  employeeSignupRequestSchema,
  latitudeSchema,
  locationSchema,
  longitudeSchema,
  REQUIRED_MESSAGE,
  type Role,
} from "@treiber/contract";
import { Divider, Form, type FormRule, Input, InputNumber, Select } from "antd";
import { useState } from "react";
import { FormModal } from "../../../shared/components/data-table";
import { zodRule } from "../../../shared/forms/zod-rule";
import { LocationPickerMap } from "../../../shared/map";
import { TemporaryPasswordModal } from "../../users/components/temporary-password-modal";
import { grantableRoles, ROLE_LABELS } from "../../users/role-labels";
import { useCreateCollaborator } from "../api/create-collaborator";
import { useCreateCollaboratorWithLocation } from "../api/create-collaborator-with-location";
import { EmployeeFields } from "./employee-fields";

interface CollaboratorFormValues {
  email: string;
  name: string;
  lastname: string;
  codeEmployee: string;
  department: string;
  jobTitle: string;
  telephone: string;
  branchOfficeId: number;
  role: Exclude<Role, "Driver">;
  address?: string;
  latitude?: number | null;
  longitude?: number | null;
}

const fields = employeeSignupRequestSchema.shape;
const required = { required: true, message: REQUIRED_MESSAGE };
const LOCATION_FIELDS = ["address", "latitude", "longitude"] as const;
const INITIAL_VALUES: Partial<CollaboratorFormValues> = { role: "Collaborator" };

function isFilled(value: unknown): boolean {
  return value !== undefined && value !== null && String(value).trim() !== "";
}

/** The home location is optional, but once one of its fields is filled all three are required. */
function locationRule(validate: (value: unknown) => string | null): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const anyFilled = LOCATION_FIELDS.some((name) => isFilled(getFieldValue(name)));
      if (!anyFilled) return;
      if (!isFilled(value)) throw new Error(REQUIRED_MESSAGE);
      const message = validate(value);
      if (message) throw new Error(message);
    },
  });
}

function firstIssue(schema: {
  safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } };
}) {
  return (value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? null : (result.error?.issues[0]?.message ?? "Valor inválido");
  };
}

export interface CollaboratorFormModalProps {
  open: boolean;
  /** Whether the session user is a SuperAdmin (only then SuperAdmin can be granted). */
  isSuperAdmin: boolean;
  onClose: () => void;
}

/** Create a collaborator (Auth/employeeSignup, or employeeLocationSignup with a home location). */
export function CollaboratorFormModal({ open, isSuperAdmin, onClose }: CollaboratorFormModalProps) {
  const [form] = Form.useForm<CollaboratorFormValues>();
  const create = useCreateCollaborator();
  const createWithLocation = useCreateCollaboratorWithLocation();
  const [temporaryPassword, setTemporaryPassword] = useState<string | null>(null);

  async function submit(values: CollaboratorFormValues) {
    const { address, latitude, longitude, ...employee } = values;
    const hasLocation = isFilled(address) && isFilled(latitude) && isFilled(longitude);
    const created = hasLocation
      ? await createWithLocation.mutateAsync({
          ...employee,
          location: { address: address ?? "", latitude: Number(latitude), longitude: Number(longitude) },
        })
      : await create.mutateAsync(employee);
    if (created.temporaryPassword) setTemporaryPassword(created.temporaryPassword);
  }

  return (
    <>
      <FormModal<CollaboratorFormValues>
        open={open}
        title="Nuevo colaborador"
        form={form}
        initialValues={INITIAL_VALUES}
        onClose={onClose}
        onSubmit={submit}
      >
        <Form.Item label="Correo electrónico" name="email" required rules={[zodRule(fields.email)]}>
          <Input type="email" maxLength={254} autoComplete="off" />
        </Form.Item>
        <EmployeeFields />
        <Form.Item label="Rol" name="role" rules={[required]}>
          <Select
            options={grantableRoles(isSuperAdmin).map((value) => ({ value, label: ROLE_LABELS[value] }))}
          />
        </Form.Item>
        <Divider titlePlacement="start" plain>
          Ubicación de residencia (opcional)
        </Divider>
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
              <Form.Item label="Ubicación en el mapa" extra="Haga clic en el mapa o arrastre el marcador.">
                <LocationPickerMap
                  height={260}
                  ariaLabel="Mapa de ubicación del colaborador"
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
        <Form.Item
          label="Dirección"
          name="address"
          dependencies={["latitude", "longitude"]}
          rules={[locationRule(firstIssue(locationSchema.shape.address))]}
        >
          <Input maxLength={250} />
        </Form.Item>
        <Form.Item
          label="Latitud"
          name="latitude"
          dependencies={["address", "longitude"]}
          rules={[locationRule(firstIssue(latitudeSchema))]}
        >
          <InputNumber min={-90} max={90} step={0.000001} style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item
          label="Longitud"
          name="longitude"
          dependencies={["address", "latitude"]}
          rules={[locationRule(firstIssue(longitudeSchema))]}
        >
          <InputNumber min={-180} max={180} step={0.000001} style={{ width: "100%" }} />
        </Form.Item>
      </FormModal>
      <TemporaryPasswordModal
        title="Colaborador creado"
        password={temporaryPassword}
        onClose={() => setTemporaryPassword(null)}
      />
    </>
  );
}
