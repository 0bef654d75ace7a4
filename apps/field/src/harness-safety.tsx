import "./app/styles/base.css";
import "./app/styles/cards.css";
import "./app/styles/screens.css";
import "./app/styles/sheets.css";
import "./features/collaborator/my-bus.css";
import { createRoot } from "react-dom/client";
import { SafeArrivalPrompt } from "./shared/safety/safe-arrival-prompt";
import { ShareTripCard } from "./shared/safety/share-trip-card";
import { SosControl } from "./shared/safety/sos-control";

const mode = new URLSearchParams(location.search).get("m") ?? "";
const api = {
  pending: async () => [
    { id: 1, intermediateRouteId: 2, routeName: "Los Alcarrizos", stopName: "Parada Duarte", droppedAt: new Date().toISOString(), askAt: "", escalateAt: "" },
  ],
  confirm: async () => ({ status: "queued" as const }),
  listen: () => () => undefined,
};
createRoot(document.getElementById("root") as HTMLElement).render(
  <div className="screen">
    <header className="top-bar"><h1>Mi bus</h1><button type="button" className="top-bar-action">Salir</button></header>
    <main className="content">
      {mode === "arrival" ? <SafeArrivalPrompt api={api} /> : null}
      <div className="my-bus">
        <section className="card"><div className="card-head"><p className="card-title">Naco 1</p><span className="badge badge-in-progress">En curso</span></div>
          <dl className="facts"><dt>Salió</dt><dd>5:10 a. m.</dd><dt>Chofer</dt><dd>Juan Pérez</dd><dt>Usted</dt><dd>Abordó</dd></dl></section>
        <SosControl intermediateRouteId={3} emergencyPhone="(809) 555-0911" locate={async () => ({ latitude: 18.4, longitude: -69.9 })}
          raise={async () => (mode === "offline" ? { status: "queued" as const } : { status: "sent" as const, data: { incidentId: 1, followUntil: new Date(Date.now() + 1800000).toISOString(), message: "Alerta SOS enviada al centro de control" } })} />
        <ShareTripCard tripId={3} routeName="Naco 1" api={{ create: async () => ({ url: "https://treiber.example/seguir/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdEFG", token: "t", expiresAt: new Date(Date.now() + 3600000).toISOString() }), revoke: async () => undefined, share: null, copy: async () => undefined }} />
      </div>
    </main>
    <nav className="tab-bar"><a className="tab">Mi QR</a><a className="tab">Viajes</a><a className="tab">Mis rutas</a><a className="tab">Mi bus</a><a className="tab">Avisos</a></nav>
  </div>,
);
