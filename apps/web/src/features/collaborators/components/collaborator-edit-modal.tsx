import { type EmployeeListItem, employeeUpdateRequestSchema, REQUIRED_MESSAGE } from "@treiber/contract";
import { Form, Input, Select } from "antd";
import { FormModal } from "../../../shared/components/data-table";
import { zodRule } from "../../../shared/forms/zod-rule";
import { useBranchOfficeNames } from "../api/list-branch-office-names";
import { useUpdateCollaborator } from "../api/update-collaborator";

interface CollaboratorEditValues {
  name: string;
  lastname: string;
  codeEmployee: string;
  department: string;
  jobTitle: string;
  telephone: string;
  branchOfficeId: number;
}

const fields = employeeUpdateRequestSchema.shape;

export interface CollaboratorEditModalProps {
  /** The collaborator to edit; null when closed. */
  collaborator: EmployeeListItem | null;
  onClose: () => void;
}

/** Edit a collaborator's employee data (PUT Employee); e-mail and role have their own screens. */
export function CollaboratorEditModal({ collaborator, onClose }: CollaboratorEditModalProps) {
  const [form] = Form.useForm<CollaboratorEditValues>();
  const update = useUpdateCollaborator();
  const branchOffices = useBranchOfficeNames();
  const initialValues: Partial<CollaboratorEditValues> | undefined = collaborator
    ? {
        name: collaborator.name,
        lastname: collaborator.lastname,
        codeEmployee: collaborator.codeEmployee,
        department: collaborator.department ?? "",
        jobTitle: collaborator.jobTitle ?? "",
        telephone: collaborator.telephone ?? "",
        ...(collaborator.branchOfficeId !== null && { branchOfficeId: collaborator.branchOfficeId }),
      }
    : undefined;

  return (
    <FormModal<CollaboratorEditValues>
      open={collaborator !== null}
      title="Editar colaborador"
      form={form}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={(values) => update.mutateAsync({ id: collaborator?.id ?? 0, ...values })}
    >
      <Form.Item label="Nombre" name="name" required rules={[zodRule(fields.name)]}>
        <Input maxLength={80} />
      </Form.Item>
      <Form.Item label="Apellido" name="lastname" required rules={[zodRule(fields.lastname)]}>
        <Input maxLength={80} />
      </Form.Item>
      <Form.Item label="Código" name="codeEmployee" required rules={[zodRule(fields.codeEmployee)]}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item label="Departamento" name="department" required rules={[zodRule(fields.department)]}>
        <Input maxLength={80} />
      </Form.Item>
      <Form.Item label="Puesto" name="jobTitle" required rules={[zodRule(fields.jobTitle)]}>
        <Input maxLength={80} />
      </Form.Item>
      <Form.Item label="Teléfono" name="telephone" required rules={[zodRule(fields.telephone)]}>
        <Input placeholder="(809) 555-1234" maxLength={14} />
      </Form.Item>
      <Form.Item
        label="Sucursal"
        name="branchOfficeId"
        rules={[{ required: true, message: REQUIRED_MESSAGE }]}
      >
        <Select
          showSearch={{ optionFilterProp: "label" }}
          placeholder="Seleccione una sucursal"
          loading={branchOffices.isLoading}
          options={(branchOffices.data ?? []).map((item) => ({ value: item.id, label: item.name }))}
          notFoundContent={
            branchOffices.isError ? "No se pudieron cargar las sucursales" : "No hay registros"
          }
        />
      </Form.Item>
    </FormModal>
  );
}
