import type { PlanRoute } from "@treiber/contract";
import { Alert, Flex } from "antd";

export interface ApplyWarningsProps {
  /** Routes the plan writes at $0 a trip. */
  zeroCost: readonly PlanRoute[];
  /** The riders the plan leaves without a route, by name. */
  withoutRoute: readonly { employeeId: number; name: string }[];
}

const listStyle = { margin: 0, paddingInlineStart: 20, maxHeight: 160, overflowY: "auto" } as const;

/**
 * What applying leaves a manager to fix (issue 33): the routes the next cut would bill at $0
 * (their supplier has no rate) and who is left without a route, by name. Neither stops «Aplicar».
 */
export function ApplyWarnings({ zeroCost, withoutRoute }: ApplyWarningsProps) {
  if (zeroCost.length === 0 && withoutRoute.length === 0) return null;
  return (
    <Flex vertical gap={8}>
      {zeroCost.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          title={`${zeroCost.length === 1 ? "Una ruta costaría" : `${zeroCost.length} rutas costarían`} $0 por viaje: el próximo corte ${zeroCost.length === 1 ? "la facturaría" : "las facturaría"} a $0`}
          description={
            <>
              <ul aria-label="Rutas a $0" style={listStyle}>
                {zeroCost.map((route) => (
                  <li key={route.key}>
                    {route.name}
                    {route.supplierName ? ` (${route.supplierName})` : ""}
                  </li>
                ))}
              </ul>
              Ponga la tarifa del suplidor en Suplidores, o el costo de la ruta en Rutas Programadas.
            </>
          }
        />
      ) : null}
      {withoutRoute.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          title={`${withoutRoute.length === 1 ? "Un colaborador queda" : `${withoutRoute.length} colaboradores quedan`} sin ruta en este turno`}
          description={
            <ul aria-label="Colaboradores sin ruta" style={listStyle}>
              {withoutRoute.map((rider) => (
                <li key={rider.employeeId}>{rider.name}</li>
              ))}
            </ul>
          }
        />
      ) : null}
    </Flex>
  );
}
