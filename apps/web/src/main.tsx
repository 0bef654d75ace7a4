import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { router } from "./app/router";
import "./app/global.css";
import { BRAND } from "./shared/constants";
import { setPasswordChangeRequiredHandler } from "./shared/session/password-change-required";
import { setSessionExpiredHandler } from "./shared/session/session-expired";

document.title = BRAND;

setSessionExpiredHandler(() => {
  // The query cache exists once a page using it loaded (AppProviders); clear it then.
  void import("./app/query-client").then(({ queryClient }) => queryClient.clear());
  void router.navigate("/login", { replace: true });
});

setPasswordChangeRequiredHandler(() => {
  if (router.state.location.pathname.toLowerCase() !== "/changepassword") {
    void router.navigate("/changePassword", { replace: true });
  }
});

const container = document.getElementById("root");
if (!container) throw new Error("No se encontró el elemento raíz de la aplicación");

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
