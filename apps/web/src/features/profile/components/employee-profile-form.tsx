import { getErrorMessage, getFieldErrors } from "@treiber/client";
import {
  type EmployeeProfile,
  type EmployeeProfileUpdate,
  REQUIRED_MESSAGE,
  TELEPHONE_MESSAGE,
  TELEPHONE_PATTERN,
} from "@treiber/contract";
import { App, Button, Descriptions, Form, Input } from "antd";
import { useUpdateEmployeeProfile } from "../api/update-employee-profile";

const required = { required: true, whitespace: true, message: REQUIRED_MESSAGE };

/** The employee's own data: editable name, last name, job title and telephone. */
export function EmployeeProfileForm(props: { profile: EmployeeProfile }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<EmployeeProfileUpdate>();
  const update = useUpdateEmployeeProfile();
  const { profile } = props;

  const onFinish = (values: EmployeeProfileUpdate) =>
    update.mutate(values, {
      onSuccess: () => message.success("Perfil actualizado"),
      onError: (error) => {
        const fields = getFieldErrors(error);
        form.setFields(
          Object.entries(fields).map(([name, text]) => ({
            name: name as keyof EmployeeProfileUpdate,
            errors: [text],
          })),
        );
        message.error(getErrorMessage(error));
      },
    });

  return (
    <>
      <Descriptions
        column={1}
        size="small"
        style={{ marginBottom: 16 }}
        items={[
          { key: "email", label: "Correo", children: profile.email },
          { key: "code", label: "Código de empleado", children: profile.codeEmployee },
          { key: "department", label: "Departamento", children: profile.department ?? "—" },
          { key: "office", label: "Sucursal", children: profile.branchOfficeName ?? "—" },
        ]}
      />
      <Form<EmployeeProfileUpdate>
        form={form}
        layout="vertical"
        style={{ maxWidth: 480 }}
        initialValues={{
          name: profile.name,
          lastname: profile.lastname,
          telephone: profile.telephone ?? "",
          jobTitle: profile.jobTitle ?? "",
        }}
        onFinish={onFinish}
        disabled={update.isPending}
      >
        <Form.Item
          label="Nombre"
          name="name"
          rules={[required, { max: 80, message: "Máximo 80 caracteres" }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          label="Apellido"
          name="lastname"
          rules={[required, { max: 80, message: "Máximo 80 caracteres" }]}
        >
          <Input />
        </Form.Item>
        <Form.Item label="Puesto" name="jobTitle" rules={[{ max: 80, message: "Máximo 80 caracteres" }]}>
          <Input />
        </Form.Item>
        <Form.Item
          label="Teléfono"
          name="telephone"
          rules={[required, { pattern: TELEPHONE_PATTERN, message: TELEPHONE_MESSAGE }]}
        >
          <Input placeholder="(809) 555-1234" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          Guardar cambios
        </Button>
      </Form>
    </>
  );
}
