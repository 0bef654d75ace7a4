import { MobileOutlined } from "@ant-design/icons";
import { Button } from "antd";

/** Treiber App (served at /app/): the driver's routes and the collaborator's QR on the phone. */
export function OpenFieldAppLink() {
  return (
    <Button type="primary" href="/app/" icon={<MobileOutlined />}>
      Abrir Treiber App
    </Button>
  );
}
