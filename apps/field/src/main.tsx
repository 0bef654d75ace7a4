import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
// The styles in cascade order: tokens and base, screens, cards, dialogs and sheets.
import "./app/styles/base.css";
import "./app/styles/screens.css";
import "./app/styles/cards.css";
import "./app/styles/sheets.css";
import { registerServiceWorker } from "./shared/register-service-worker";

const container = document.getElementById("root");
if (!container) throw new Error("No se encontró el elemento raíz de la aplicación");

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

if (import.meta.env.PROD) registerServiceWorker();
