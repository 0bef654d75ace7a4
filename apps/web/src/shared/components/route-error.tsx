import { Button, Flex } from "antd";
import { isRouteErrorResponse, useRouteError } from "react-router";

/** The error as one line: `404 - This page could not be found`, an Error's message, or a generic text. */
function describeError(error: unknown, notFound: boolean): string {
  if (notFound) return "404 - This page could not be found";
  if (isRouteErrorResponse(error))
    return `${error.status} - ${error.statusText || "Ocurrió un error inesperado"}`;
  if (error instanceof Error && error.message) return error.message;
  return "Ocurrió un error inesperado";
}

/**
 * Error element of the router (spec §2: 'Error no found' plus the error) with a way out; kept
 * light: it lives in the first chunk.
 */
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
      <h1 style={{ margin: 0, fontSize: 24 }}>Error no found</h1>
      <p style={{ margin: 0, color: "rgba(0,0,0,0.55)" }} data-testid="route-error-detail">
        {describeError(error, notFound)}
      </p>
      {notFound ? null : (
        <p style={{ margin: 0, color: "rgba(0,0,0,0.55)" }}>Recargue la página o vuelva al inicio.</p>
      )}
      <Flex gap={8}>
        <Button type="primary" onClick={() => window.location.reload()}>
          Recargar
        </Button>
        <Button onClick={() => window.location.assign("/")}>Ir al inicio</Button>
      </Flex>
    </Flex>
  );
}
