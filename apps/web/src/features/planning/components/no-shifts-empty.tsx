import { Button, Empty, Flex, Typography } from "antd";
import { Link } from "react-router";

export interface NoShiftsEmptyProps {
  /** The branch office's name, when known. */
  name: string | undefined;
  branchOfficeId: number | null;
  /** Creates a shift here; without it, a link to Turnos. */
  onNewShift?: () => void;
}

/** «La sucursal … no tiene turnos.» with «Cree un turno». */
export function NoShiftsEmpty({ name, branchOfficeId, onNewShift }: NoShiftsEmptyProps) {
  return (
    <Empty
      description={
        <Flex vertical gap={4}>
          <Typography.Text>
            {name ? `La sucursal ${name} no tiene turnos.` : "La sucursal no tiene turnos."}
          </Typography.Text>
          <Typography.Text type="secondary">
            {onNewShift ? (
              <Button type="link" onClick={onNewShift} style={{ padding: 0, height: "auto" }}>
                Cree un turno
              </Button>
            ) : (
              <Link to={branchOfficeId ? `/shift?branchOfficeId=${branchOfficeId}` : "/shift"}>
                Cree un turno
              </Link>
            )}{" "}
            (entrada o salida, hora y días) para planificar sus rutas.
          </Typography.Text>
        </Flex>
      }
    />
  );
}
