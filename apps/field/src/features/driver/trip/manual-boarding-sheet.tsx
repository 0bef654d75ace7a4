import { getErrorMessage } from "@treiber/client";
import { MANUAL_REASON_MAX, REQUIRED_MESSAGE, type TripRider } from "@treiber/contract";
import { type FormEvent, useState } from "react";
import { riderName, searchRiders } from "./trip-riders";

const PICK_MESSAGE = "Seleccione un pasajero";

/**
 * "Abordar sin QR": pick one of the route's pending riders (or search by name or employee code)
 * and give the required reason; `onSubmit` sends it and may throw the server's message.
 */
export function ManualBoardingSheet(props: {
  riders: readonly TripRider[];
  onSubmit: (employeeId: number, reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const [search, setSearch] = useState("");
  const [employeeId, setEmployeeId] = useState<number | null>(null);
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ rider?: string; reason?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const found = searchRiders(props.riders, search);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      ...(employeeId === null && { rider: PICK_MESSAGE }),
      ...(!reason.trim() && { reason: REQUIRED_MESSAGE }),
    };
    setErrors(next);
    if (employeeId === null || next.reason) return;
    setBusy(true);
    try {
      await props.onSubmit(employeeId, reason.trim());
    } catch (error) {
      setErrors({ form: getErrorMessage(error) });
      setBusy(false);
    }
  };

  return (
    <div className="overlay">
      <form
        className="sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby="manual-title"
        onSubmit={submit}
        noValidate
      >
        <h2 id="manual-title" className="sheet-title">
          Abordar sin QR
        </h2>
        <label className="field">
          <span>Buscar por nombre o código de empleado</span>
          <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </label>
        <fieldset className="rider-pick" aria-describedby={errors.rider ? "manual-rider-error" : undefined}>
          <legend>Pasajero</legend>
          {found.length === 0 ? <p className="muted">Ningún pasajero pendiente coincide.</p> : null}
          {found.map((rider) => (
            <label key={rider.employeeId} className="rider-option">
              <input
                type="radio"
                name="employeeId"
                value={rider.employeeId}
                checked={employeeId === rider.employeeId}
                onChange={() => setEmployeeId(rider.employeeId)}
              />
              <span>
                {riderName(rider)} <span className="muted">· {rider.codeEmployee}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {errors.rider ? (
          <p id="manual-rider-error" className="form-error" role="alert">
            {errors.rider}
          </p>
        ) : null}
        <label className="field">
          <span>Motivo</span>
          <textarea
            value={reason}
            maxLength={MANUAL_REASON_MAX}
            rows={3}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? "manual-reason-error" : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
        </label>
        {errors.reason ? (
          <p id="manual-reason-error" className="form-error" role="alert">
            {errors.reason}
          </p>
        ) : null}
        {errors.form ? (
          <p className="form-error" role="alert">
            {errors.form}
          </p>
        ) : null}
        <div className="sheet-actions">
          <button type="button" className="button" onClick={props.onClose} disabled={busy}>
            Cancelar
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? "Enviando…" : "Abordar"}
          </button>
        </div>
      </form>
    </div>
  );
}
