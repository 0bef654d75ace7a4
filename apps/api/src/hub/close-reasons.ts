/** Close reasons (SignalR Close `error`, shown by the client; no `allowReconnect`). */
export const RIGHTS_ENDED = "Su sesión terminó o cambiaron sus permisos. Inicie sesión nuevamente.";
export const TOO_MANY_CONNECTIONS =
  "Se abrió otra conexión en tiempo real con su usuario y se cerró la más antigua.";
