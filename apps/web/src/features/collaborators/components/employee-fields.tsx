import { employeeUpdateRequestSchema, REQUIRED_MESSAGE } from "@treiber/contract";
import { Form, Input, Select } from "antd";
import { textLimit } from "../../../shared/forms/text-limit";
import { zodRule } from "../../../shared/forms/zod-rule";
import { useBranchOfficeNames } from "../../../shared/lookups/list-branch-office-names";

const fields = employeeUpdateRequestSchema.shape;

/** The employee fields of a collaborator, shared by the create and edit forms. */
export function EmployeeFields() {
  // Loaded with the page, not when the modal opens: a Select whose options arrive while the user
  // is already typing in it re-renders its list under the pointer (the e2e flake of 'Sucursal').
  const branchOffices = useBranchOfficeNames();
  return (
    <>
      <Form.Item label="Nombre" name="name" required rules={[zodRule(fields.name)]}>
        <Input count={textLimit(80)} />
      </Form.Item>
      <Form.Item label="Apellido" name="lastname" required rules={[zodRule(fields.lastname)]}>
        <Input count={textLimit(80)} />
      </Form.Item>
      <Form.Item label="Código" name="codeEmployee" required rules={[zodRule(fields.codeEmployee)]}>
        <Input count={textLimit(30)} />
      </Form.Item>
      <Form.Item label="Departamento" name="department" required rules={[zodRule(fields.department)]}>
        <Input count={textLimit(80)} />
      </Form.Item>
      <Form.Item label="Puesto" name="jobTitle" required rules={[zodRule(fields.jobTitle)]}>
        <Input count={textLimit(80)} />
      </Form.Item>
      <Form.Item label="Teléfono" name="telephone" required rules={[zodRule(fields.telephone)]}>
        <Input placeholder="(809) 555-1234" count={textLimit(14)} />
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
    </>
  );
}
