/** An error the API answers with its own status and Spanish message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new HttpError(400, message, errors);
export const unauthorized = (message = "No autorizado. Inicie sesión nuevamente.") =>
  new HttpError(401, message);
export const forbidden = (message = "No tiene permiso para realizar esta acción") =>
  new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, errors?: Record<string, string>) =>
  new HttpError(409, message, errors);
export const tooManyRequests = (message: string) => new HttpError(429, message);
/** Busy for now: try again in a few seconds (the route sets `Retry-After`). */
export const serviceUnavailable = (message: string) => new HttpError(503, message);
