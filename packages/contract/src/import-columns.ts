import { IMPORT_HOME_MAX_KM } from "./imports.js";

/** The columns of the import sheets: header, rule and example, written once (decision 0050). */

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
