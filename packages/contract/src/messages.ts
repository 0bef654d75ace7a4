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

/**
 * Sign-in with the company account (issue 39, decision 0087): why the callback sent the browser
 * back to the login page, as `#oidcError=<reason>`; the page shows the message.
 */
export const COMPANY_SIGN_IN_ERRORS = {
  unknown:
    "Su cuenta de la empresa no tiene acceso a Treiber. Pida a un administrador que lo registre con el mismo correo.",
  unverified:
    "Su proveedor de identidad no confirma que su correo esté verificado. No se puede entrar con esa cuenta.",
  inactive: "Su usuario de Treiber está inactivo. Consulte con un administrador.",
  expired:
    "El inicio de sesión con la cuenta de la empresa expiró o empezó en otro navegador. Intente de nuevo.",
  denied: "Se canceló el inicio de sesión con la cuenta de la empresa.",
  unavailable: "No se pudo contactar al proveedor de identidad de la empresa. Intente más tarde.",
  failed: "No se pudo completar el inicio de sesión con la cuenta de la empresa. Intente de nuevo.",
} as const;
export type CompanySignInError = keyof typeof COMPANY_SIGN_IN_ERRORS;

/** The message of a `#oidcError=` reason (an unknown reason reads as a failed sign-in). */
export const companySignInErrorMessage = (reason: string): string =>
  (COMPANY_SIGN_IN_ERRORS as Record<string, string>)[reason] ?? COMPANY_SIGN_IN_ERRORS.failed;

/** The login pages' button: «Entrar con Microsoft Entra ID». */
export const companySignInLabel = (name: string) => `Entrar con ${name}`;
