import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { DATABASE_BUSY_MESSAGE, DATABASE_UNAVAILABLE_MESSAGE, databaseFault } from "../lib/db-errors.js";
import { HttpError } from "../lib/http-error.js";

export const NOT_FOUND_MESSAGE = "This page could not be found";
const INVALID_DATA = "Datos inválidos";
const UNEXPECTED = "Ocurrió un error inesperado. Intente de nuevo más tarde.";

/** Maps every error to `{ statusCode, message, errors? }` in Spanish; a 5xx never leaks internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field =
          issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || (error.validationContext ?? "body");
        errors[field] ??= issue.message ?? INVALID_DATA;
      }
      const first = Object.values(errors)[0];
      return reply.status(400).send({ statusCode: 400, message: first ?? INVALID_DATA, errors });
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({
        statusCode: error.statusCode,
        message: error.message,
        ...(error.errors && { errors: error.errors }),
      });
    }
    const known = knownFastifyError(error);
    if (known) return reply.status(known.statusCode).send(known);
    // The database went away (a failover, terminated connections) or ran out of time: 503 for
    // this request, retried in a few seconds; the pool reconnects by itself (decision 0037).
    const fault = databaseFault(error);
    if (fault) {
      request.log.warn({ err: error }, `base de datos: ${fault}`);
      const message = fault === "busy" ? DATABASE_BUSY_MESSAGE : DATABASE_UNAVAILABLE_MESSAGE;
      return reply.status(503).header("retry-after", "5").send({ statusCode: 503, message });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ statusCode: 500, message: UNEXPECTED });
  });
}

function knownFastifyError(error: FastifyError): { statusCode: number; message: string } | undefined {
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return { statusCode: 413, message: "La solicitud es demasiado grande" };
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return { statusCode: 415, message: "Tipo de contenido no soportado" };
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return { statusCode: 400, message: "El cuerpo de la solicitud está vacío" };
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return { statusCode: 400, message: "El cuerpo de la solicitud no es JSON válido" };
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return { statusCode: 400, message: "Longitud de contenido inválida" };
    default:
      break;
  }
  if (error.statusCode === 400 && error instanceof SyntaxError) {
    return { statusCode: 400, message: "El cuerpo de la solicitud no es JSON válido" };
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { statusCode: error.statusCode, message: INVALID_DATA };
  }
  return undefined;
}
