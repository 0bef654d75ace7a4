/**
 * Issue 24: collaborators and drivers brought in from a spreadsheet (.xlsx or .csv), decision 0050:
 * the limits and messages here; the columns (header, rule, example) are written once in
 * import-columns.ts (the templates, the server's validation, the error file and the page's preview
 * all read them), the rows' schemas in import-rows.ts, the report in import-report.ts.
 */
import { REQUIRED_MESSAGE } from "./common.js";

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

export { REQUIRED_MESSAGE };
