import { Button, Result } from "antd";
import { Link } from "react-router";

export const NOT_FOUND_ERROR = { statusCode: 404, message: "This page could not be found" } as const;

/** Unknown route (spec §2): 'Error no found' plus the error. */
export function NotFoundPage() {
  return (
    <Result
      status="404"
      title={<h1 style={{ font: "inherit", margin: 0 }}>Error no found</h1>}
      subTitle={`${NOT_FOUND_ERROR.statusCode} - ${NOT_FOUND_ERROR.message}`}
      extra={
        <Link to="/">
          <Button type="primary">Volver al inicio</Button>
        </Link>
      }
      data-testid="not-found"
    />
  );
}
