import { API_PREFIX } from "@treiber/contract/api-paths";

/** Constants shared by every Treiber client (spec §2, §3, §7, §9). */
export const SESSION_STORAGE_KEY = "Treiber";
/** The HTTP clients' baseURL: every API path lives under it. */
export const API_BASE_URL = API_PREFIX;

export const REALTIME_RECONNECT_INTERVAL_MS = 10_000;
export const REALTIME_RECONNECT_ATTEMPTS = 40;

export const NETWORK_ERROR_MESSAGE = "Verifique su conexión a internet";
export const UNEXPECTED_ERROR_MESSAGE = "Ocurrió un error inesperado";
