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
 * Error element of the router (spec §2: 'Error no found' plus the error) with a way out; plain
 * HTML and CSS (global.css): it lives in the first chunk, which has no Ant Design.
 */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <div className="plain-route-error" data-testid="route-error">
      <h1>Error no found</h1>
      <p data-testid="route-error-detail">{describeError(error, notFound)}</p>
      {notFound ? null : <p>Recargue la página o vuelva al inicio.</p>}
      <div className="plain-actions">
        <button
          type="button"
          className="plain-button plain-button-primary"
          onClick={() => window.location.reload()}
        >
          Recargar
        </button>
        <button type="button" className="plain-button" onClick={() => window.location.assign("/")}>
          Ir al inicio
        </button>
      </div>
    </div>
  );
}
