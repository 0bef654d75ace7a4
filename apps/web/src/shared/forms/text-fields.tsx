import { REQUIRED_MESSAGE } from "@treiber/contract";
import { Form, Input } from "antd";
import { textLimit } from "./text-limit";

/** 'Nombre' of a catalog record (field `name`): required, not blank, at most 120 characters. */
export function NameField() {
  return (
    <Form.Item
      label="Nombre"
      name="name"
      rules={[
        { required: true, whitespace: true, message: REQUIRED_MESSAGE },
        { max: 120, message: "Máximo 120 caracteres" },
      ]}
    >
      <Input count={textLimit(120)} />
    </Form.Item>
  );
}

/** Optional 'Descripción' (field `description`): at most 500 characters. */
export function DescriptionField({ rows = 2 }: { rows?: number }) {
  return (
    <Form.Item
      label="Descripción"
      name="description"
      rules={[{ max: 500, message: "Máximo 500 caracteres" }]}
    >
      <Input.TextArea count={textLimit(500)} rows={rows} />
    </Form.Item>
  );
}
