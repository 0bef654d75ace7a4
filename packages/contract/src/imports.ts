/**
 * Issue 24: collaborators and drivers brought in from a spreadsheet (.xlsx or .csv), decision 0050.
 * The columns (header, rule, example) are written once here: the templates, the server's
 * validation, the error file and the page's preview all read them.
 */
import { z } from "zod";
import {
  emailSchema,
  identityCardSchema,
  latitudeSchema,
  longitudeSchema,
  optionalText,
  REQUIRED_MESSAGE,
  requiredText,
  telephoneSchema,
  vehicleCapacitySchema,
} from "./common.js";

/** The largest file accepted, checked while it arrives (413 beyond it, before it is read whole). */
export const IMPORT_MAX_BYTES = 15 * 1024 * 1024;
/** The most data rows one file may hold (blank rows count: issue 32). */
export const IMPORT_MAX_ROWS = 50_000;
/** Excel's own limit for a cell's text: a longer cell is refused, and never echoed whole. */
export const IMPORT_MAX_CELL_CHARS = 32_767;
/** The characters of a cell an error or the report shows (a name, a key); more ends in «…». */
export const IMPORT_ECHO_CHARS = 100;
/** The most errors a report lists (the error file holds them all): 50,000 bad rows were 40 MB. */
export const IMPORT_REPORT_MAX_ERRORS = 2_000;
/** The seconds a file may take to be read and checked before it is refused (issue 32). */
export const IMPORT_READ_SECONDS = 30;
/**
 * The last column of the error file (the reasons of each row): the reader ignores it without a
 * warning, so the fixed error file can be uploaded again as it is.
 */
export const IMPORT_ERRORS_HEADER = "Errores";
/** The multipart field that carries the file. */
export const IMPORT_FILE_FIELD = "file";
/**
 * Optional multipart text field (before the file): the sheet rows, comma-separated, whose geocoded
 * point the admin did not accept; those rows import without a location ("Sin ubicación").
 */
export const IMPORT_SKIP_GEOCODE_FIELD = "skipGeocodeRows";
/**
 * Optional multipart text field (issue 33): «crear sin enviar». A local date `MM/DD/YYYY` (the
 * caller's `GMT`) from which the new accounts' invitations (their temporary passwords) are sent,
 * at IMPORT_INVITATIONS_HOUR; until then they wait in the outbox, or until an admin sends them
 * («Enviar invitaciones»). Absent or empty: sent right after the import.
 */
export const IMPORT_INVITATIONS_FIELD = "invitationsOn";
/** The local hour of the go-live date at which held invitations leave (6:00). */
export const IMPORT_INVITATIONS_HOUR = 6;
/** How far ahead invitations may be held: a temporary password does not wait in the outbox longer. */
export const IMPORT_INVITATIONS_MAX_DAYS = 90;
/**
 * A home farther than this from its branch office (straight line) is worth a look: a typo, a home
 * in another city, a geocoder's wrong guess (issue 33). It still imports.
 */
export const IMPORT_HOME_MAX_KM = 60;

export const IMPORT_MESSAGES = {
  tooLarge: `El archivo supera el máximo de ${IMPORT_MAX_BYTES / 1024 / 1024} MB`,
  noFile: "Adjunte un archivo .xlsx o .csv en el campo «file»",
  brokenUpload: "El archivo llegó incompleto o el formulario está dañado: súbalo de nuevo",
  notSpreadsheet: "El archivo no es una hoja de cálculo (.xlsx o .csv)",
  oldExcel: "El formato .xls (Excel 97-2003) no se admite: guarde el archivo como .xlsx",
  brokenXlsx: "El archivo .xlsx está dañado o no se puede leer",
  encrypted: "El archivo está protegido con contraseña: quite la contraseña y guárdelo de nuevo como .xlsx",
  unpackedTooLarge: "El archivo .xlsx tiene demasiados datos una vez descomprimido",
  brokenCsv: (row: number) =>
    `El archivo .csv no se puede leer a partir de la fila ${row}: revise las comillas`,
  emptySheet: "La hoja está vacía",
  noRows: "El archivo no tiene filas de datos (la fila 1 es la de encabezados)",
  tooManyRows: `El archivo tiene más de ${IMPORT_MAX_ROWS.toLocaleString("es-DO")} filas de datos: divídalo en varios archivos`,
  missingColumns: (headers: string[]) => `Faltan columnas: ${headers.join(", ")}`,
  duplicateColumn: (header: string) => `La columna «${header}» aparece dos veces`,
  ignoredColumn: (header: string) => `La columna «${header}» no es de la plantilla y se ignora`,
  formula: "La celda tiene una fórmula: escriba el valor",
  date: "La celda tiene una fecha: escriba texto",
  mergedCell: "La celda está combinada con otra: separe las celdas",
  badCharacter: "La celda tiene caracteres no permitidos",
  tooLong: `La celda tiene más de ${IMPORT_MAX_CELL_CHARS.toLocaleString("es-DO")} caracteres`,
  tooSlow: `El archivo tardó más de ${IMPORT_READ_SECONDS} segundos en leerse: divídalo en archivos más pequeños o guárdelo de nuevo desde Excel`,
  errorsCut: (total: number) =>
    `Se muestran ${IMPORT_REPORT_MAX_ERRORS.toLocaleString("es-DO")} de ${total.toLocaleString("es-DO")} errores: descargue el archivo de errores para verlos todos`,
  busy: "Se están leyendo otros archivos: vuelva a intentarlo en unos segundos",
  tooManyMergedCells: "La hoja tiene demasiadas celdas combinadas: sepárelas",
  duplicateInFile: (header: string, row: number) => `${header} repetido: ya está en la fila ${row}`,
  emailInUse: "El correo ya está en uso por otra cuenta",
  /** An import never changes who signs in (issue 32): the stored person's e-mail, and where to change it. */
  emailMismatch: (stored: string, person: "colaborador" | "chofer") =>
    `El correo no coincide con el de la persona registrada (${stored}): para cambiar el correo de inicio de sesión, hágalo en la página del ${person}`,
  branchOfficeNotFound: "Sucursal no encontrada",
  branchOfficeInactive: "La sucursal está inactiva",
  supplierNotFound: "Suplidor no encontrado",
  supplierInactive: "El suplidor está inactivo",
  peerEdit: "Solo un SuperAdmin puede modificar a un administrador",
  coordinatesTogether: "Escriba la latitud y la longitud juntas",
  notCollaborator: "El código pertenece a un administrador: solo un SuperAdmin puede actualizarlo",
  concurrentChange:
    "Otra operación guardó el mismo código, cédula o correo mientras se importaba: no se importó nada. Vuelva a intentarlo",
  noInvalidRows: "El archivo no tiene filas con errores",
  geocoderLate: (count: number) =>
    `No hubo tiempo de ubicar ${count} direcciones en el mapa: se importan sin ubicación (suba el archivo otra vez para seguir buscando)`,
  invalidRows: (count: number) =>
    count === 1
      ? "1 fila tiene errores: no se importó nada"
      : `${count} filas tienen errores: no se importó nada`,
  /** A coordinate with a comma that is not one decimal comma ("18.486,1", "1,234,5"). */
  decimalComma: (header: string) =>
    `${header} inválida: use punto decimal y sin separador de miles (18.4861, -69.9312)`,
  homeOutside: "La casa queda fuera de la República Dominicana (en el mar o en otro país): revise el punto",
  homeFar: (km: number, office: string) =>
    `La casa está a ${km.toLocaleString("es-DO")} km de la sucursal «${office}» (más de ${IMPORT_HOME_MAX_KM} km): revise el punto`,
  homeSwapped: (latitude: number, longitude: number) =>
    `La latitud y la longitud parecen invertidas: ¿quiso decir ${latitude}, ${longitude}?`,
  homeMissingMinus: (latitude: number, longitude: number) =>
    `A la longitud parece faltarle el signo menos: ¿quiso decir ${latitude}, ${longitude}?`,
  invitationsOnInvalid: "invitationsOn debe ser una fecha MM/DD/YYYY",
  invitationsOnPast: "La fecha de envío de las invitaciones debe ser posterior a hoy",
  invitationsOnTooFar: `Las invitaciones se pueden retener hasta ${IMPORT_INVITATIONS_MAX_DAYS} días`,
} as const;

export type ImportColumn = {
  /** The row object's key (the contract's field name). */
  key: string;
  /** The sheet's header, matched without regard to case, accents or surrounding spaces. */
  header: string;
  required: boolean;
  /** The rule, as the template's second sheet explains it. */
  rule: string;
  /** The template's example row. */
  example: string;
};

export const EMPLOYEE_IMPORT_COLUMNS = [
  {
    key: "codeEmployee",
    header: "Código",
    required: true,
    rule: "Código del colaborador, hasta 30 caracteres. Si ya existe, la fila actualiza a ese colaborador.",
    example: "EMP-0101",
  },
  { key: "name", header: "Nombre", required: true, rule: "Hasta 80 caracteres.", example: "María" },
  { key: "lastname", header: "Apellido", required: true, rule: "Hasta 80 caracteres.", example: "Pérez" },
  {
    key: "email",
    header: "Correo",
    required: true,
    rule: "Correo electrónico único: es el usuario para iniciar sesión y recibe la contraseña temporal.",
    example: "maria.perez@empresa.com",
  },
  {
    key: "telephone",
    header: "Teléfono",
    required: true,
    rule: "(809) 555-1234; también se acepta 8095551234.",
    example: "(809) 555-1234",
  },
  {
    key: "department",
    header: "Departamento",
    required: true,
    rule: "Hasta 80 caracteres.",
    example: "Finanzas",
  },
  { key: "jobTitle", header: "Cargo", required: true, rule: "Hasta 80 caracteres.", example: "Analista" },
  {
    key: "branchOffice",
    header: "Sucursal",
    required: true,
    rule: "Nombre de una sucursal activa, como aparece en la lista desplegable.",
    example: "",
  },
  {
    key: "address",
    header: "Dirección",
    required: false,
    rule: "Dirección de residencia, hasta 250 caracteres. Sin latitud y longitud se busca en el mapa si el servidor tiene geocodificador; si no, el colaborador queda «Sin ubicación».",
    example: "Av. Winston Churchill 95, Santo Domingo",
  },
  {
    key: "latitude",
    header: "Latitud",
    required: false,
    rule: `Número entre -90 y 90, con punto decimal (18.4861; también se acepta 18,4861). Junto con la longitud. Una casa fuera del país, a más de ${IMPORT_HOME_MAX_KM} km de su sucursal o con la latitud y la longitud invertidas se importa con un aviso.`,
    example: "18.4655",
  },
  {
    key: "longitude",
    header: "Longitud",
    required: false,
    rule: "Número entre -180 y 180, con punto decimal (-69.9312; también se acepta -69,9312). Junto con la latitud.",
    example: "-69.9388",
  },
] as const satisfies readonly ImportColumn[];

export const DRIVER_IMPORT_COLUMNS = [
  {
    key: "identityCard",
    header: "Cédula",
    required: true,
    rule: "000-0000000-0 (también sin guiones), con dígito verificador válido. Si ya existe, la fila actualiza a ese chofer.",
    example: "001-0000001-7",
  },
  { key: "name", header: "Nombre", required: true, rule: "Hasta 80 caracteres.", example: "Juan" },
  { key: "lastname", header: "Apellido", required: true, rule: "Hasta 80 caracteres.", example: "Rodríguez" },
  {
    key: "email",
    header: "Correo",
    required: true,
    rule: "Correo electrónico único: es el usuario para iniciar sesión y recibe la contraseña temporal.",
    example: "juan.rodriguez@transporte.com",
  },
  {
    key: "telephone",
    header: "Teléfono",
    required: true,
    rule: "(809) 555-1234; también se acepta 8095551234.",
    example: "(829) 555-0101",
  },
  {
    key: "licenseNumber",
    header: "Licencia",
    required: true,
    rule: "Hasta 30 caracteres.",
    example: "LIC-445566",
  },
  {
    key: "supplier",
    header: "Suplidor",
    required: true,
    rule: "Nombre de un suplidor activo, como aparece en la lista desplegable.",
    example: "",
  },
  { key: "vehiclePlate", header: "Placa", required: true, rule: "Hasta 15 caracteres.", example: "I123456" },
  {
    key: "vehicleModel",
    header: "Modelo",
    required: true,
    rule: "Hasta 80 caracteres.",
    example: "Toyota Coaster",
  },
  {
    key: "vehicleCapacity",
    header: "Capacidad",
    required: true,
    rule: "Número entero de asientos, de 1 a 120.",
    example: "25",
  },
] as const satisfies readonly ImportColumn[];

/** `(809) 555-1234` from ten digits typed or stored as a number (8095551234, 809-555-1234). */
export function normalizeTelephone(value: string): string {
  const digits = value.replace(/[\s().-]/g, "");
  if (/^\d{10}$/.test(digits)) return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  return value;
}

/** `001-1234567-8` from eleven digits (00112345678). */
export function normalizeIdentityCard(value: string): string {
  const trimmed = value.trim();
  if (/^\d{11}$/.test(trimmed)) return `${trimmed.slice(0, 3)}-${trimmed.slice(3, 10)}-${trimmed.slice(10)}`;
  return trimmed;
}

/** An empty cell (null from the reader, or blank text) is a missing number. */
const optionalNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (value == null || (typeof value === "string" && value.trim() === "") ? undefined : value),
    schema.optional(),
  );

/** One decimal comma and nothing else that could be a thousands separator: «18,4861», «-69,93». */
const DECIMAL_COMMA = /^[+-]?\d{1,3},\d+$/;

/**
 * A coordinate cell (issue 33): a decimal comma, as a Spanish-language Excel writes it in a CSV,
 * reads as a point («18,4861» = 18.4861). That is never ambiguous for a coordinate: read as a
 * thousands separator it would be ≥ 1,000, out of range. Any other comma is an error that says why.
 */
const coordinateCell = <T extends z.ZodType>(schema: T, header: string) =>
  z.preprocess((value, ctx) => {
    if (typeof value !== "string" || !value.includes(",")) return value;
    const text = value.trim();
    if (DECIMAL_COMMA.test(text)) return text.replace(",", ".");
    ctx.addIssue({ code: "custom", message: IMPORT_MESSAGES.decimalComma(header), input: value });
    return z.NEVER;
  }, optionalNumber(schema));

/**
 * One collaborator row, its cells as text (the reader turns numbers into text). Latitude and
 * longitude come together or not at all.
 */
export const employeeImportRowSchema = z
  .object({
    codeEmployee: requiredText(30),
    name: requiredText(80),
    lastname: requiredText(80),
    email: emailSchema,
    telephone: z.preprocess((v) => (typeof v === "string" ? normalizeTelephone(v) : v), telephoneSchema),
    department: requiredText(80),
    jobTitle: requiredText(80),
    branchOffice: requiredText(120),
    address: optionalText(250).refine(
      (value) => value == null || !/[\r\n\t]/.test(value),
      "La dirección debe ocupar una sola línea",
    ),
    latitude: coordinateCell(latitudeSchema, "Latitud"),
    longitude: coordinateCell(longitudeSchema, "Longitud"),
  })
  .superRefine((row, ctx) => {
    const hasLat = row.latitude !== undefined;
    const hasLon = row.longitude !== undefined;
    if (hasLat !== hasLon) {
      ctx.addIssue({
        code: "custom",
        path: [hasLat ? "longitude" : "latitude"],
        message: IMPORT_MESSAGES.coordinatesTogether,
      });
    }
  });
export type EmployeeImportRow = z.infer<typeof employeeImportRowSchema>;

export const driverImportRowSchema = z.object({
  identityCard: z.preprocess(
    (v) => (typeof v === "string" ? normalizeIdentityCard(v) : v),
    identityCardSchema,
  ),
  name: requiredText(80),
  lastname: requiredText(80),
  email: emailSchema,
  telephone: z.preprocess((v) => (typeof v === "string" ? normalizeTelephone(v) : v), telephoneSchema),
  licenseNumber: requiredText(30),
  supplier: requiredText(120),
  vehiclePlate: requiredText(15),
  vehicleModel: requiredText(80),
  vehicleCapacity: vehicleCapacitySchema,
});
export type DriverImportRow = z.infer<typeof driverImportRowSchema>;

export const importDryRunQuerySchema = z.object({
  dryRun: z
    .enum(["true", "false"], { message: "dryRun debe ser true o false" })
    .optional()
    .transform((value) => value === "true"),
});

export const importErrorSchema = z.object({
  /** The sheet's row (the header is row 1). */
  row: z.number().int(),
  /** The column's header as the template names it. */
  column: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

/** `unchanged` (issue 33): a stored person whose data the row would not change; nothing is written. */
export const IMPORT_ROW_ACTIONS = ["create", "update", "unchanged", "error"] as const;
/**
 * A valid row's warnings (issue 33): it imports, but its home is worth a look. `outsideCountry`:
 * outside the Dominican Republic (the sea, Haiti, Miami); `farFromOffice`: more than
 * IMPORT_HOME_MAX_KM from its branch office; `swapped` / `missingMinus`: the point the admin likely
 * meant (latitude and longitude swapped, the longitude's minus missing) is where the others are not.
 */
export const IMPORT_ROW_WARNING_CODES = [
  "outsideCountry",
  "farFromOffice",
  "swapped",
  "missingMinus",
] as const;
export const importRowWarningSchema = z.object({
  code: z.enum(IMPORT_ROW_WARNING_CODES),
  message: z.string(),
});
export type ImportRowWarning = z.infer<typeof importRowWarningSchema>;
export const IMPORT_LOCATION_SOURCES = ["sheet", "geocoded", "unchanged", "none"] as const;

/** Where a collaborator row's home comes from, and the geocoded point for the admin to accept. */
export const importLocationSchema = z.object({
  source: z.enum(IMPORT_LOCATION_SOURCES),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** The geocoder's confidence, 0–1 (geocoded rows only). */
  confidence: z.number().nullable(),
  /** The place the geocoder found (geocoded rows only). */
  label: z.string().nullable(),
});
export type ImportLocation = z.infer<typeof importLocationSchema>;

/** One data row's state in the preview. */
export const importRowSchema = z.object({
  row: z.number().int(),
  action: z.enum(IMPORT_ROW_ACTIONS),
  /** Código or Cédula as written in the file (normalized when valid). */
  key: z.string(),
  /** Nombre and Apellido. */
  name: z.string(),
  /** Collaborators only; null for drivers. */
  location: importLocationSchema.nullable(),
  /** `update` rows: the headers of the columns whose stored value changes (absent when none). */
  changes: z.array(z.string()).optional(),
  /** The row's warnings (absent when none): it imports all the same. */
  warnings: z.array(importRowWarningSchema).optional(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/** The invitations (temporary passwords by mail) of the new accounts. */
export const importInvitationsSchema = z.object({
  /** How many: one per new account. */
  count: z.number().int(),
  /** When held («crear sin enviar»), the instant they leave (ISO 8601); null: right after the import. */
  sendAt: z.string().nullable(),
});
export type ImportInvitations = z.infer<typeof importInvitationsSchema>;

/**
 * The answer of a dry run and of a commit (200), and of a refused commit (422): `created` and
 * `updated` are what the commit would do (dry run), did (200), or would have done (422).
 */
export const importReportSchema = z.object({
  dryRun: z.boolean(),
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  created: z.number().int(),
  /** Stored people whose data changes. */
  updated: z.number().int(),
  /** Stored people the file would not change (issue 33; the server always sends it). */
  unchanged: z.number().int().optional(),
  /** Valid rows with warnings (issue 33; the server always sends it). */
  warned: z.number().int().optional(),
  /** The new accounts' invitations (issue 33; the server always sends it). */
  invitations: importInvitationsSchema.optional(),
  errors: z.array(importErrorSchema),
  /** File-level notes that do not stop the import (ignored extra columns). */
  warnings: z.array(z.string()),
  rows: z.array(importRowSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** A refused commit: the standard error plus the report. */
export const importRefusedSchema = importReportSchema.extend({
  statusCode: z.literal(422),
  message: z.string(),
});

/** `GET Import/invitations`: the invitations held by imports («crear sin enviar»), not sent yet. */
export const heldInvitationsSchema = z.object({
  held: z.number().int(),
  /** The earliest date among them (ISO 8601), null when none. */
  nextSendAt: z.string().nullable(),
  /** The latest one (ISO 8601), null when none. */
  lastSendAt: z.string().nullable(),
});
export type HeldInvitations = z.infer<typeof heldInvitationsSchema>;

/** `POST Import/invitations/send`: how many held invitations were sent now. */
export const sentInvitationsSchema = z.object({ sent: z.number().int() });
export type SentInvitations = z.infer<typeof sentInvitationsSchema>;

export { REQUIRED_MESSAGE };
