/**
 * Messages without schemas: a client page that only needs the words (the back office's sign-in
 * form) imports `@treiber/contract/messages` and none of zod (decision 0029).
 */

/** Spanish message for a missing required value (spec §5). */
export const REQUIRED_MESSAGE = "Este campo es requerido";
