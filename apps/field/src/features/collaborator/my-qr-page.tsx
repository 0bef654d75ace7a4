import { useEffect, useState } from "react";
import { useSession } from "../../shared/session";
import { ErrorState, Loading } from "../../shared/ui/states";
import { loadMyQr } from "./load-my-qr";
import { type CachedQr, initials, readCachedQr, writeCachedQr } from "./qr-cache";
import { QrCode } from "./qr-code";

type Status = { kind: "loading" } | { kind: "fresh" } | { kind: "failed"; error: unknown };

/** "Mi QR": the code drivers scan, large, with name and photo; the last one seen opens offline. */
export function MyQrPage() {
  const session = useSession();
  const userId = session?.userId ?? 0;
  const photoUrl = session?.user.image ?? null;
  const [qr, setQr] = useState<CachedQr | null>(() => readCachedQr(userId));
  const [status, setStatus] = useState<Status>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setStatus({ kind: "loading" });
    void attempt;
    loadMyQr(userId, photoUrl).then(
      (loaded) => {
        if (!current) return;
        writeCachedQr(loaded);
        setQr(loaded);
        setStatus({ kind: "fresh" });
      },
      (error: unknown) => current && setStatus({ kind: "failed", error }),
    );
    return () => {
      current = false;
    };
  }, [userId, photoUrl, attempt]);

  if (!qr) {
    if (status.kind === "failed") {
      return (
        <ErrorState
          title="No se pudo cargar su código QR"
          error={status.error}
          onRetry={() => setAttempt((value) => value + 1)}
        />
      );
    }
    return <Loading label="Cargando su código QR…" />;
  }

  return (
    <section className="my-qr">
      <div className="person">
        {qr.photo ? (
          <img className="avatar" src={qr.photo} alt="" />
        ) : (
          <span className="avatar avatar-initials" aria-hidden="true">
            {initials(qr.name, qr.lastname)}
          </span>
        )}
        <div>
          <p className="person-name">
            {qr.name} {qr.lastname}
          </p>
          <p className="muted">Código de empleado: {qr.codeEmployee}</p>
        </div>
      </div>
      <QrCode value={qr.codeQr} />
      <p className="muted center">Muestre este código al chofer al abordar el transporte.</p>
      {status.kind === "failed" ? (
        <p className="notice" role="status">
          Sin conexión: se muestra el último código guardado en este teléfono.
        </p>
      ) : null}
    </section>
  );
}
