import { formatDateShortTime, timeAgo } from "@treiber/client/format";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Empty, ErrorState, Loading } from "../../shared/ui/states";
import { useNotices } from "./notices-context";

const RIDER_EMPTY_TEXT =
  "Aquí verá los cambios de su ruta: una parada nueva, otra hora o una ruta que ya no es suya.";

/**
 * «Avisos»: the user's own notices, newest first («Tu ruta cambió: nueva parada … a las …»). Those
 * unread when shown are marked «Nuevo» for this visit and marked read on the server (the tab's
 * badge drops); without a connection the copy kept on the phone is shown and they are marked once
 * it is back. New ones arrive live (the hub's `ReceiveNotification`). `header` shows above the list
 * and `emptyText` without notices; a driver's (decision 0067) tell what a plan changes of their routes.
 */
export function NoticesPage(props: { header?: ReactNode; emptyText?: string }) {
  const { notices, fromDevice, error, reload, markRead } = useNotices();
  const [seenUnread, setSeenUnread] = useState<ReadonlySet<number>>(() => new Set());
  /** Ids this visit has asked the server to mark (again after a failure). */
  const asked = useRef(new Set<number>());

  useEffect(() => {
    if (!notices || fromDevice) return;
    const ids = notices
      .filter((notice) => notice.readDate === null && !asked.current.has(notice.id))
      .map((notice) => notice.id);
    if (ids.length === 0) return;
    for (const id of ids) asked.current.add(id);
    setSeenUnread((previous) => new Set([...previous, ...ids]));
    void markRead(ids).then((marked) => {
      if (!marked) for (const id of ids) asked.current.delete(id);
    });
  }, [notices, fromDevice, markRead]);

  if (notices === undefined) {
    if (error) {
      return (
        <ErrorState title="No se pudieron cargar sus avisos" error={error} onRetry={() => void reload()} />
      );
    }
    return <Loading label="Cargando sus avisos…" />;
  }
  if (notices.length === 0) {
    return (
      <div className="notices">
        {props.header}
        <Empty title="No tiene avisos">{props.emptyText ?? RIDER_EMPTY_TEXT}</Empty>
      </div>
    );
  }
  return (
    <div className="notices">
      {props.header}
      {fromDevice ? (
        <p className="muted" data-testid="saved-copy">
          Sin conexión: se muestra lo último que se recibió.
        </p>
      ) : null}
      <ul className="cards" aria-label="Avisos">
        {notices.map((notice) => {
          const fresh = notice.readDate === null || seenUnread.has(notice.id);
          return (
            <li key={notice.id} className={fresh ? "card notice-unread" : "card"} data-testid="notice">
              <div className="card-head">
                <p className="card-title">{notice.title}</p>
                {fresh ? <span className="badge badge-new">Nuevo</span> : null}
              </div>
              <p className="notice-message">{notice.message}</p>
              <p className="muted notice-time">
                <time dateTime={notice.createdDate} title={formatDateShortTime(notice.createdDate)}>
                  {timeAgo(notice.createdDate)}
                </time>
              </p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
