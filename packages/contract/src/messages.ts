/**
 * Messages without schemas: a client page that only needs the words (the back office's sign-in
 * form) imports `@treiber/contract/messages` and none of zod (decision 0029).
 */

/** Spanish message for a missing required value (spec §5). */
export const REQUIRED_MESSAGE = "Este campo es requerido";

/** A second boarding of the same collaborator on the same trip (scan or manual). */
export const ALREADY_SCANNED_MESSAGE = "El colaborador ya abordó esta ruta";
/** End (or a boarding) of a trip already finished. */
export const TRIP_FINISHED_MESSAGE = "La ruta ya finalizó";

/** Treiber App's «Mis viajes» screen and tab: its tab bar loads before sign-in, without zod. */
export const MY_TRIPS_TITLE = "Mis viajes";
