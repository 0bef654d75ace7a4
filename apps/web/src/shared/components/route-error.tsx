import { Button, Flex } from "antd";
import { isRouteErrorResponse, useRouteError } from "react-router";

/** Error element of the router: Spanish message and a way out (kept light: it lives in the first chunk). */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <Flex
      vertical
      align="center"
      gap={12}
      style={{ padding: "64px 16px", textAlign: "center" }}
      data-testid="route-error"
    >
      <h1 style={{ margin: 0, fontSize: 24 }}>{notFound ? "Error no found" : "Ocurrió un error"}</h1>
      <p style={{ margin: 0, color: "rgba(0,0,0,0.55)" }}>
        {notFound
          ? "404 - This page could not be found"
          : "No pudimos mostrar esta página. Recargue la página o vuelva al inicio."}
      </p>
      <Flex gap={8}>
        <Button type="primary" onClick={() => window.location.reload()}>
          Recargar
        </Button>
        <Button onClick={() => window.location.assign("/")}>Ir al inicio</Button>
      </Flex>
    </Flex>
  );
}
