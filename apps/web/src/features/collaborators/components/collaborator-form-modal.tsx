import { employeeSignupRequestSchema, REQUIRED_MESSAGE, type Role } from "@treiber/contract";
import { Divider, Form, Input, Select } from "antd";
import { useState } from "react";
import { FormModal } from "../../../shared/components/data-table";
import { TemporaryPasswordModal } from "../../../shared/components/temporary-password-modal";
import { hasLocation, LocationFields } from "../../../shared/forms/location-fields";
import { textLimit } from "../../../shared/forms/text-limit";
import { zodRule } from "../../../shared/forms/zod-rule";
import { grantableRoles, ROLE_LABELS } from "../../../shared/lib/role-labels";
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
  role: Exclude<Role, "Driver" | "Supplier">;
  address?: string;
  latitude?: number | null;
  longitude?: number | null;
}

const fields = employeeSignupRequestSchema.shape;
const required = { required: true, message: REQUIRED_MESSAGE };
const INITIAL_VALUES: Partial<CollaboratorFormValues> = { role: "Collaborator" };

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
    const created = hasLocation(values)
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
          <Input type="email" count={textLimit(254)} autoComplete="off" />
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
        <LocationFields
          allOrNone
          map={{
            height: 260,
            ariaLabel: "Mapa de ubicación del colaborador",
            extra: "Haga clic en el mapa o arrastre el marcador.",
          }}
        />
      </FormModal>
      <TemporaryPasswordModal
        title="Colaborador creado"
        password={temporaryPassword}
        onClose={() => setTemporaryPassword(null)}
      />
    </>
  );
}
