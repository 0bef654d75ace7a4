import { getErrorMessage } from "@treiber/client";
import type { ReactNode } from "react";

export function Loading(props: { label?: string }) {
  return (
    <div className="state" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>{props.label ?? "Cargando…"}</p>
    </div>
  );
}

export function Empty(props: { title: string; children?: ReactNode }) {
  return (
    <div className="state">
      <p className="state-title">{props.title}</p>
      {props.children ? <p className="muted">{props.children}</p> : null}
    </div>
  );
}

export function ErrorState(props: { title: string; error: unknown; onRetry?: () => void }) {
  return (
    <div className="state" role="alert">
      <p className="state-title">{props.title}</p>
      <p className="muted">{getErrorMessage(props.error)}</p>
      {props.onRetry ? (
        <button type="button" className="button" onClick={props.onRetry}>
          Reintentar
        </button>
      ) : null}
    </div>
  );
}
