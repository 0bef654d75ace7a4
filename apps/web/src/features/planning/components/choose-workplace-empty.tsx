import { Empty, Flex, Typography } from "antd";

/** The shift's branch office has no routes yet: the admin picks the workplace. */
export function ChooseWorkplaceEmpty({ branchOfficeName }: { branchOfficeName: string }) {
  return (
    <Empty
      description={
        <Flex vertical gap={4}>
          <Typography.Text>Elija el lugar de trabajo para planificar este turno.</Typography.Text>
          <Typography.Text type="secondary">
            La sucursal {branchOfficeName} todavía no tiene rutas a ninguno.
          </Typography.Text>
        </Flex>
      }
    />
  );
}
