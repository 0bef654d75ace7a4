import type { DriverProfile } from "@treiber/contract";
import { Descriptions } from "antd";

export function DriverProfileView(props: { profile: DriverProfile }) {
  const { profile } = props;
  return (
    <Descriptions
      column={1}
      size="small"
      items={[
        { key: "name", label: "Nombre", children: profile.name },
        { key: "lastname", label: "Apellido", children: profile.lastname },
        { key: "identityCard", label: "Cédula", children: profile.identityCard },
        { key: "telephone", label: "Teléfono", children: profile.telephone ?? "—" },
        { key: "supplier", label: "Suplidor", children: profile.supplierName },
      ]}
    />
  );
}
