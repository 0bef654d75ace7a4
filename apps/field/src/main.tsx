import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import "./app/global.css";
import { registerServiceWorker } from "./shared/register-service-worker";

const container = document.getElementById("root");
if (!container) throw new Error("No se encontró el elemento raíz de la aplicación");

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

if (import.meta.env.PROD) registerServiceWorker();
