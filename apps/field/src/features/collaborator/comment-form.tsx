import { getErrorMessage } from "@treiber/client";
import { REQUIRED_MESSAGE, TRIP_COMMENT_MAX } from "@treiber/contract";
import { type FormEvent, useId, useRef, useState } from "react";
import { newActionId } from "../../shared/outbox/new-action-id";

type Props = {
  label: string;
  submitLabel: string;
  /** When set, a second step asks this question before sending. */
  confirmQuestion?: string;
  confirmLabel?: string;
  /** Sends the comment with an `actionId` kept across retries of the same action. */
  onSend: (comment: string, actionId: string) => Promise<string>;
  onSent: (message: string) => void;
};

/** A required comment (Spanish validation), optionally confirmed, sent once per `actionId`. */
export function CommentForm(props: Props) {
  const id = useId();
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  // One id per action: a retry after a lost answer is the same action, never a second one.
  const actionId = useRef(newActionId());

  const send = async () => {
    setSending(true);
    setError(null);
    try {
      const message = await props.onSend(comment.trim(), actionId.current);
      actionId.current = newActionId();
      setComment("");
      setConfirming(false);
      props.onSent(message);
    } catch (failure) {
      setConfirming(false);
      setError(getErrorMessage(failure));
    } finally {
      setSending(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!comment.trim()) {
      setError(REQUIRED_MESSAGE);
      return;
    }
    if (props.confirmQuestion) setConfirming(true);
    else void send();
  };

  if (confirming) {
    return (
      <div className="confirm" role="alertdialog" aria-labelledby={`${id}-q`}>
        <p id={`${id}-q`} className="state-title">
          {props.confirmQuestion}
        </p>
        <p className="muted">«{comment.trim()}»</p>
        <button type="button" className="button button-danger" onClick={() => void send()} disabled={sending}>
          {sending ? "Enviando…" : (props.confirmLabel ?? "Confirmar")}
        </button>
        <button type="button" className="button" onClick={() => setConfirming(false)} disabled={sending}>
          No, volver
        </button>
      </div>
    );
  }

  return (
    <form className="form comment-form" onSubmit={submit} noValidate>
      <label className="field" htmlFor={`${id}-c`}>
        {props.label}
      </label>
      <textarea
        id={`${id}-c`}
        className="textarea"
        value={comment}
        maxLength={TRIP_COMMENT_MAX}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-e` : undefined}
        onChange={(event) => {
          setComment(event.target.value);
          // Other words are another action (the server refuses an id reused with other data).
          actionId.current = newActionId();
          if (error) setError(null);
        }}
      />
      {error ? (
        <p id={`${id}-e`} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button-primary" disabled={sending}>
        {sending ? "Enviando…" : props.submitLabel}
      </button>
    </form>
  );
}
