import { getErrorMessage } from "@treiber/client";
import { Alert, Button } from "antd";
import type { CSSProperties } from "react";

export interface ErrorAlertProps {
  error: unknown;
  /** Shows a 'Reintentar' button. */
  onRetry?: () => void;
  style?: CSSProperties;
}

/** A failed request: the server's message (or the connection's) and, if given, a retry button. */
export function ErrorAlert({ error, onRetry, style }: ErrorAlertProps) {
  return (
    <Alert
      type="error"
      showIcon
      style={style}
      title={getErrorMessage(error)}
      action={
        onRetry && (
          <Button size="small" onClick={onRetry}>
            Reintentar
          </Button>
        )
      }
    />
  );
}
