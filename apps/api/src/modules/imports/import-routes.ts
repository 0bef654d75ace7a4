/**
 * `Employee/import*` and `Driver/import*` (issue 24): the template, the preview (`dryRun=true`), the
 * all-or-nothing commit and the error file, for Admin and SuperAdmin. The file arrives as
 * multipart/form-data (field `file`, ≤ IMPORT_MAX_BYTES); the sheet reader (lib/import) turns it
 * into rows and the import engine does the rest. Issue 33: `invitationsOn` holds the new accounts'
 * invitations until a date, and the error file holds every row.
 */
import {
  ADMIN_ROLES,
  type ApiEndpoint,
  DRIVER_IMPORT_COLUMNS,
  EMPLOYEE_IMPORT_COLUMNS,
  errorResponseSchema,
  errorResponses,
  IMPORT_INVITATIONS_FIELD,
  IMPORT_INVITATIONS_HOUR,
  IMPORT_INVITATIONS_MAX_DAYS,
  IMPORT_MESSAGES,
  IMPORT_SKIP_GEOCODE_FIELD,
  type ImportColumn,
  importDryRunQuerySchema,
  importRefusedSchema,
  importReportSchema,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { DAY_MS, HOUR_MS, parseApiDate } from "../../lib/caller-clock.js";
import { badRequest } from "../../lib/http-error.js";
import { openSheet } from "../../lib/import/open-sheet.js";
import { receiveImportUpload, registerImportUpload } from "../../lib/import/receive-import-upload.js";
import { writeImportErrors } from "../../lib/import/write-import-errors.js";
import { writeImportTemplate } from "../../lib/import/write-import-template.js";
import { currentUser } from "../../plugins/access.js";
import { MISSING_GMT } from "../../plugins/caller-time.js";
import { registerImportInvitationRoutes } from "./import-invitation-routes.js";
import { importReportStream } from "./import-report-json.js";
import type { ImportService } from "./import-service.js";

/** The refusal when `skipGeocodeRows` is not a list of row numbers. */
export const SKIP_GEOCODE_MESSAGE =
  "skipGeocodeRows debe ser una lista de números de fila separados por comas";

/** `skipGeocodeRows=3,7,12` → the set of sheet rows. */
export function skipGeocodeRows(fields: Record<string, string>): Set<number> {
  const text = fields[IMPORT_SKIP_GEOCODE_FIELD]?.trim() ?? "";
  if (!text) return new Set();
  const parts = text.split(",").map((part) => part.trim());
  if (!parts.every((part) => /^\d{1,7}$/.test(part))) {
    throw badRequest(SKIP_GEOCODE_MESSAGE, { [IMPORT_SKIP_GEOCODE_FIELD]: SKIP_GEOCODE_MESSAGE });
  }
  return new Set(parts.map(Number));
}

/**
 * `invitationsOn=MM/DD/YYYY` → the instant the held invitations leave: IMPORT_INVITATIONS_HOUR of
 * that day on the caller's clock (the `GMT` header, required with it), after today and at most
 * IMPORT_INVITATIONS_MAX_DAYS ahead. Absent or empty: undefined (sent at once).
 */
export function invitationsAt(
  fields: Record<string, string>,
  request: Pick<FastifyRequest, "clock" | "headers">,
  now = Date.now(),
): Date | undefined {
  const text = fields[IMPORT_INVITATIONS_FIELD]?.trim() ?? "";
  if (!text) return undefined;
  if (request.headers.gmt === undefined || request.headers.gmt === "")
    throw badRequest(MISSING_GMT, { GMT: MISSING_GMT });
  const refuse = (message: string) => badRequest(message, { [IMPORT_INVITATIONS_FIELD]: message });
  let day: number;
  try {
    day = parseApiDate(text, IMPORT_INVITATIONS_FIELD);
  } catch {
    throw refuse(IMPORT_MESSAGES.invitationsOnInvalid);
  }
  const today = request.clock.today(now);
  if (day <= today) throw refuse(IMPORT_MESSAGES.invitationsOnPast);
  if (day > today + IMPORT_INVITATIONS_MAX_DAYS * DAY_MS) throw refuse(IMPORT_MESSAGES.invitationsOnTooFar);
  return request.clock.fromWallClock(day + IMPORT_INVITATIONS_HOUR * HOUR_MS);
}

type Engine = ImportService["employees"] | ImportService["drivers"];

type ImportSet = {
  tag: string;
  /** "colaboradores" / "choferes" in the summaries. */
  people: string;
  key: string;
  columns: readonly ImportColumn[];
  engine: Engine;
  paths: { template: ApiEndpoint; import: ApiEndpoint; errors: ApiEndpoint };
  template: { fileName: string; listName: string; listValues: () => Promise<string[]> };
  errorsFileName: string;
};

const fileErrors = { ...errorResponses, 413: errorResponseSchema, 415: errorResponseSchema };

function registerImportSet(scope: FastifyInstance, set: ImportSet) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const tags = [set.tag];

  r.get(
    routePath(set.paths.template),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: `Plantilla para importar ${set.people} (${set.template.fileName})`,
        description: `Encabezados, una fila de ejemplo, la lista desplegable de ${set.template.listName} y una hoja con las reglas de cada columna.`,
        response: errorResponses,
      },
    },
    async (_request, reply) =>
      writeImportTemplate(reply, {
        fileName: set.template.fileName,
        columns: set.columns,
        listName: set.template.listName,
        listValues: await set.template.listValues(),
      }),
  );

  r.post(
    routePath(set.paths.import),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: `Importar ${set.people} desde .xlsx o .csv (dryRun=true: solo revisar)`,
        description: `multipart/form-data: \`file\` (≤ 15 MB) y, opcionales, \`${IMPORT_SKIP_GEOCODE_FIELD}\` y \`${IMPORT_INVITATIONS_FIELD}\` (MM/DD/YYYY: las invitaciones esperan hasta las ${IMPORT_INVITATIONS_HOUR}:00 de ese día, con la cabecera GMT). Las filas se emparejan por ${set.key}: existe y cambia → se actualiza; existe igual → sin cambios; nueva → cuenta con contraseña temporal por correo. Los avisos de una fila (casa fuera del país o lejos de la sucursal) no impiden importarla. Sin dryRun: todo o nada (422 con el informe si alguna fila tiene errores).`,
        querystring: importDryRunQuerySchema,
        response: { 200: importReportSchema, 422: importRefusedSchema, ...fileErrors },
      },
    },
    async (request, reply) => {
      const upload = await receiveImportUpload(request);
      const options = {
        skipGeocode: skipGeocodeRows(upload.fields),
        invitationsAt: invitationsAt(upload.fields, request),
      };
      const sheet = await openSheet(upload.file, set.columns);
      const caller = currentUser(request);
      const outcome = request.query.dryRun
        ? { status: 200 as const, report: await set.engine.preview(sheet, caller, options) }
        : await set.engine.commit(sheet, caller, options);
      const refusal =
        outcome.status === 422
          ? { statusCode: 422, message: IMPORT_MESSAGES.invalidRows(outcome.report.invalid) }
          : undefined;
      // The schemas above document the answer; it is written in pieces (import-report-json.ts, its
      // test holds it to the schemas), a stream the typed reply does not know.
      return reply
        .status(outcome.status)
        .type("application/json; charset=utf-8")
        .send(importReportStream(outcome.report, refusal) as never);
    },
  );

  r.post(
    routePath(set.paths.errors),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: `Archivo de errores de una importación de ${set.people} (${set.errorsFileName})`,
        description:
          "El mismo archivo (multipart, `file`): todas sus filas, primero las que tienen errores, y una última columna «Errores» con los motivos (vacía en las filas válidas): corregido, se sube de nuevo tal cual e importa todas. 400 si no tiene filas con errores.",
        response: fileErrors,
      },
    },
    (request, reply) => sendErrorFile(request, reply, set),
  );
}

async function sendErrorFile(request: FastifyRequest, reply: FastifyReply, set: ImportSet) {
  const upload = await receiveImportUpload(request);
  const sheet = await openSheet(upload.file, set.columns);
  const { invalid, rows } = await set.engine.errorFileRows(sheet, currentUser(request));
  if (invalid === 0) throw badRequest(IMPORT_MESSAGES.noInvalidRows);
  return writeImportErrors(reply, {
    fileName: set.errorsFileName,
    columns: set.columns,
    rows: rows.map((row) => ({ ...row, cellErrors: [] })),
  });
}

export function registerImportRoutes(app: FastifyInstance, imports: ImportService) {
  // Its own scope: multipart/form-data is parsed for these routes only.
  app.register(async (scope) => {
    await registerImportUpload(scope);
    registerImportSet(scope, {
      tag: "Employee",
      people: "colaboradores",
      key: "Código",
      columns: EMPLOYEE_IMPORT_COLUMNS,
      engine: imports.employees,
      paths: {
        template: API.employee.importTemplate,
        import: API.employee.import,
        errors: API.employee.importErrors,
      },
      template: {
        fileName: "PlantillaColaboradores.xlsx",
        listName: "branchOffice",
        listValues: imports.activeBranchOfficeNames,
      },
      errorsFileName: "ErroresColaboradores.xlsx",
    });
    registerImportSet(scope, {
      tag: "Driver",
      people: "choferes",
      key: "Cédula",
      columns: DRIVER_IMPORT_COLUMNS,
      engine: imports.drivers,
      paths: {
        template: API.driver.importTemplate,
        import: API.driver.import,
        errors: API.driver.importErrors,
      },
      template: {
        fileName: "PlantillaChoferes.xlsx",
        listName: "supplier",
        listValues: imports.activeSupplierNames,
      },
      errorsFileName: "ErroresChoferes.xlsx",
    });
    registerImportInvitationRoutes(scope, imports.invitations);
  });
}
