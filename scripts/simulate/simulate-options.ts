/** `npm run simulate -- [opciones]`: the options, their Spanish help and their checks. */
import { FAULT_INCIDENT, type Fault } from "@treiber/incidents";
import { COMMAND_FAULTS, FAULT_ALIASES, FAULT_HELP, parseFaults } from "./simulate-faults.js";

export type Options = {
  url: string;
  drivers: number;
  speed: number;
  trips: number;
  password: string;
  adminEmail: string;
  driverEmails: string[];
  cancelRate: number;
  commentRate: number;
  intervalSeconds: number;
  /** Injected in every trip that follows planned stops. */
  faults: Fault[];
  /** Same seed, same trips (each driver and trip draws from it). */
  seed: number;
};

const aliasesOf = (fault: Fault) =>
  Object.entries(FAULT_ALIASES)
    .filter(([name, target]) => target === fault && name !== fault)
    .map(([name]) => name);

export const SIMULATE_HELP = `Uso: npm run simulate -- [opciones]

Cada chofer inicia una de sus rutas de hoy y la recorre por sus paradas planificadas como Treiber App:
posiciones por el hub con la hora del teléfono, abordajes con el QR de cada pasajero en su parada y fin
del viaje. Una ruta sin paradas planificadas va por un camino verosímil hasta su destino, sin fallas.

  --url <url>              API (por defecto $TREIBER_URL o http://127.0.0.1:$PORT|8080)
  --drivers <n>            choferes simulados (por defecto 5)
  --speed <x>              aceleración del tiempo simulado (por defecto 1: tiempo real)
  --trips <n>              rutas por chofer, una tras otra (por defecto 1)
  --driver-emails <a,b>    choferes a usar (si no, los activos de la lista de usuarios)
  --admin-email <email>    administrador para descubrir choferes y colaboradores (admin@treiber.app)
  --password <clave>       contraseña de todas las cuentas (demo: Treiber123!)
  --cancel-rate <0..1>     fracción de pasajeros que cancela con un comentario (0.08)
  --comment-rate <0..1>    fracción de pasajeros que comenta al final (0.05)
  --interval <s>           segundos simulados entre posiciones: entre <s> y 2×<s> (5)
  --faults <a,b>           fallas a inyectar en cada viaje (o all), p. ej. late,detour,skip,dwell,gps-gap
  --seed <n>               semilla: la misma semilla repite los mismos viajes (por defecto, al azar)
  -h, --help               esta ayuda

Fallas (nombre, alias: qué hace → incidencia que debe abrirse):
${COMMAND_FAULTS.map((fault) => `  ${[fault, ...aliasesOf(fault)].join(", ").padEnd(34)} ${FAULT_HELP[fault]} → ${FAULT_INCIDENT[fault]}`).join("\n")}

Las horas planificadas de la ruta se corren para que el bus salga ahora, pero el servidor juzga
«Retraso» y «No ha salido» con las horas guardadas de la ruta (en la zona TZ del servidor): lejos de
ellas, todo viaje parece atrasado o a tiempo sin importar --faults late. Las reglas miden la hora del
teléfono: con --speed mayor que 1 el viaje se comprime y las fallas con duración (retraso, desvío de
60 s, parada larga, sin GPS) pueden no alcanzar sus umbrales; para la demostración use --speed 1 (o
baje los umbrales de la sucursal). La parada saltada se ve a cualquier velocidad.`;

/** The options from the command line; "help" for -h/--help. Throws a Spanish message on a bad one. */
export function parseOptions(argv: readonly string[], env: NodeJS.ProcessEnv = {}): Options | "help" {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg === "--help" || arg === "-h") return "help";
    if (!arg.startsWith("--")) continue;
    const [key, inline] = arg.slice(2).split("=", 2) as [string, string | undefined];
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`Falta el valor de --${key}`);
    values.set(key, value);
  }
  const num = (key: string, fallback: number, min: number, max: number) => {
    const raw = values.get(key);
    const value = raw === undefined ? fallback : Number(raw);
    if (!Number.isFinite(value) || value < min || value > max) {
      throw new Error(`--${key} debe estar entre ${min} y ${max}`);
    }
    return value;
  };
  return {
    url: (values.get("url") ?? env.TREIBER_URL ?? `http://127.0.0.1:${env.PORT ?? 8080}`).replace(/\/$/, ""),
    drivers: Math.floor(num("drivers", 5, 1, 5000)),
    speed: num("speed", 1, 0.1, 1000),
    trips: Math.floor(num("trips", 1, 1, 1000)),
    password: values.get("password") ?? env.TREIBER_PASSWORD ?? "Treiber123!",
    adminEmail: values.get("admin-email") ?? "admin@treiber.app",
    driverEmails: (values.get("driver-emails") ?? "")
      .split(",")
      .map((email) => email.trim())
      .filter(Boolean),
    cancelRate: num("cancel-rate", 0.08, 0, 1),
    commentRate: num("comment-rate", 0.05, 0, 1),
    intervalSeconds: num("interval", 5, 1, 600),
    faults: parseFaults(values.get("faults")),
    seed: Math.floor(num("seed", Math.floor(Math.random() * 1_000_000), 0, 2 ** 31 - 1)),
  };
}
