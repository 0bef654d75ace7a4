import type { ReactNode } from "react";

/** A modal question with a confirm and a cancel button (big targets, confirm last for the thumb). */
export function ConfirmDialog(props: {
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="overlay">
      <div className="sheet" role="dialog" aria-modal="true" aria-labelledby="confirm-title">
        <h2 id="confirm-title" className="sheet-title">
          {props.title}
        </h2>
        {props.children}
        <div className="sheet-actions">
          <button type="button" className="button" onClick={props.onCancel} disabled={props.busy}>
            Cancelar
          </button>
          <button
            type="button"
            className="button button-primary"
            onClick={props.onConfirm}
            disabled={props.busy}
          >
            {props.busy ? "Enviando…" : props.confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
