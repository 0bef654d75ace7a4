import type { Session } from "@treiber/client";
import { Descriptions, Flex } from "antd";
import { Link } from "react-router";

/**
 * A supplier's user's profile (issue 37): who they are and a way to change their password. Their
 * name is the one an administrator gave them on «Crear usuario del portal»; it has no edit form.
 */
export function SupplierProfileView({ session }: { session: Session }) {
  return (
    <Flex vertical gap={16} data-testid="supplier-profile">
      <Descriptions
        column={1}
        items={[
          { key: "name", label: "Nombre", children: session.user.name },
          { key: "lastname", label: "Apellido", children: session.user.lastname },
          { key: "role", label: "Rol", children: "Suplidor" },
        ]}
      />
      <Link to="/changePassword">Cambiar contraseña</Link>
    </Flex>
  );
}
