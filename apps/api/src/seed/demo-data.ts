import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../db/client.js";
import {
  branchOffices,
  comments,
  destinations,
  drivers,
  employees,
  intermediateRoutes,
  notifications,
  routeDays,
  routeDrivers,
  routeEmployees,
  routeNotScheduledEmployees,
  routes,
  routesNotScheduled,
  suppliers,
  transportServices,
  tripPositions,
  users,
} from "../db/schema.js";
import { hashPassword } from "../modules/auth/passwords.js";
import { newCodeQr } from "../modules/employees/employee-repository.js";

/**
 * Demo data for Treiber: a realistic Dominican company moving its collaborators with three
 * transport suppliers. Deterministic (seeded PRNG, dates relative to `now`), inserted in one
 * transaction with batch inserts, and only into a database without users.
 */

export const DEMO_PASSWORD = "Treiber123!";

type DemoRole = "SuperAdmin" | "Admin" | "Collaborator" | "Driver";
export type DemoAccount = { readonly email: string; readonly role: DemoRole; readonly password: string };

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: "superadmin@treiber.app", role: "SuperAdmin", password: DEMO_PASSWORD },
  { email: "admin@treiber.app", role: "Admin", password: DEMO_PASSWORD },
  { email: "colaborador@treiber.app", role: "Collaborator", password: DEMO_PASSWORD },
  { email: "chofer@treiber.app", role: "Driver", password: DEMO_PASSWORD },
];

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Santo Domingo is UTC-4 all year (no daylight saving time). */
const LOCAL_OFFSET_HOURS = -4;

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(): number {
    return this.next();
  }
  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
  pick<T>(items: readonly T[]): T {
    return at(items, Math.floor(this.next() * items.length));
  }
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [at(copy, j), at(copy, i)];
    }
    return copy;
  }
  digits(count: number): string {
    let out = "";
    for (let i = 0; i < count; i++) out += String(this.int(0, 9));
    return out;
  }
}

function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`demo data: index ${index} out of range`);
  return item;
}

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`demo data: missing ${what}`);
  return value;
}

const slug = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z]/g, "");

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** Inserts rows in chunks (one statement per chunk). */
async function insertMany<T extends PgTable>(tx: Tx, table: T, rows: T["$inferInsert"][], chunk = 1000) {
  for (let i = 0; i < rows.length; i += chunk) {
    await tx.insert(table).values(rows.slice(i, i + chunk) as never);
  }
}

type Point = { lat: number; lng: number };

function bearing(from: Point, to: Point): number {
  const toRad = Math.PI / 180;
  const y = Math.sin((to.lng - from.lng) * toRad) * Math.cos(to.lat * toRad);
  const x =
    Math.cos(from.lat * toRad) * Math.sin(to.lat * toRad) -
    Math.sin(from.lat * toRad) * Math.cos(to.lat * toRad) * Math.cos((to.lng - from.lng) * toRad);
  return Math.round(((Math.atan2(y, x) / toRad + 360) % 360) * 10) / 10;
}

function distanceKm(a: Point, b: Point): number {
  const toRad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * toRad;
  const dLng = (b.lng - a.lng) * toRad;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * toRad) * Math.cos(b.lat * toRad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

// ---------------------------------------------------------------------------------------------
// Static catalogue
// ---------------------------------------------------------------------------------------------

type BranchKey = "piantini" | "santiago" | "americas" | "herrera";
type DestinationKey = "itabo" | "sanisidro" | "naco" | "villamella" | "caucedo" | "zfsantiago";

const BRANCHES: Record<BranchKey, { name: string; address: string; telephone: string } & Point> = {
  piantini: {
    name: "Sede Central Piantini",
    address: "Av. Winston Churchill 95, Piantini, Santo Domingo",
    telephone: "(809) 562-4100",
    lat: 18.4697,
    lng: -69.9386,
  },
  santiago: {
    name: "Sucursal Santiago",
    address: "Av. 27 de Febrero 45, Los Jardines Metropolitanos, Santiago",
    telephone: "(809) 582-3300",
    lat: 19.4517,
    lng: -70.697,
  },
  americas: {
    name: "Zona Franca Las Américas",
    address: "Autopista Las Américas Km 22, Santo Domingo Este",
    telephone: "(809) 549-2200",
    lat: 18.4612,
    lng: -69.742,
  },
  herrera: {
    name: "Centro Logístico Herrera",
    address: "Av. Isabel Aguiar 120, Herrera, Santo Domingo Oeste",
    telephone: "(809) 537-8800",
    lat: 18.479,
    lng: -69.976,
  },
};
const BRANCH_ORDER: BranchKey[] = ["piantini", "santiago", "americas", "herrera"];

const DESTINATIONS: Record<DestinationKey, { name: string; description: string; address: string } & Point> = {
  itabo: {
    name: "Parque Industrial Itabo",
    description: "Parque industrial con naves de manufactura y almacenes de distribución.",
    address: "Carretera Sánchez Km 18, Bajos de Haina, San Cristóbal",
    lat: 18.4236,
    lng: -70.0337,
  },
  sanisidro: {
    name: "Zona Franca San Isidro",
    description: "Zona franca de confecciones y dispositivos médicos.",
    address: "Autopista de San Isidro Km 17, Santo Domingo Este",
    lat: 18.496,
    lng: -69.777,
  },
  naco: {
    name: "Torre Corporativa Naco",
    description: "Oficinas administrativas y salas de reuniones del grupo.",
    address: "Av. Tiradentes 14, Naco, Santo Domingo",
    lat: 18.4776,
    lng: -69.9302,
  },
  villamella: {
    name: "Planta Industrial Villa Mella",
    description: "Planta de producción y empaque.",
    address: "Av. Hermanas Mirabal 520, Villa Mella, Santo Domingo Norte",
    lat: 18.5478,
    lng: -69.9046,
  },
  caucedo: {
    name: "Puerto Multimodal Caucedo",
    description: "Terminal portuaria y centro de consolidación de carga.",
    address: "Autopista Las Américas Km 28, Punta Caucedo, Boca Chica",
    lat: 18.4263,
    lng: -69.6317,
  },
  zfsantiago: {
    name: "Zona Franca Santiago",
    description: "Naves industriales de la zona franca de Santiago.",
    address: "Av. Circunvalación Norte, Santiago de los Caballeros",
    lat: 19.4735,
    lng: -70.6826,
  },
};
const DESTINATION_ORDER: DestinationKey[] = [
  "itabo",
  "sanisidro",
  "naco",
  "villamella",
  "caucedo",
  "zfsantiago",
];

const SUPPLIERS = [
  {
    name: "Transportes Caribe Express",
    rnc: "130458921",
    contactName: "Héctor Almonte",
    telephone: "(809) 565-7788",
    email: "operaciones@transportes-caribe.do",
    domain: "transportes-caribe.do",
  },
  {
    name: "Transportes Quisqueya",
    rnc: "131207734",
    contactName: "Miguelina Tavárez",
    telephone: "(829) 541-2290",
    email: "contacto@transportes-quisqueya.do",
    domain: "transportes-quisqueya.do",
  },
  {
    name: "Transportes del Cibao",
    rnc: "102366518",
    contactName: "Francisco Espaillat",
    telephone: "(809) 580-4411",
    email: "servicio@transportes-cibao.do",
    domain: "transportes-cibao.do",
  },
];

/** Drivers: [name, lastname, supplier index]. The first is chofer@treiber.app. */
const DRIVERS: [string, string, number][] = [
  ["Ramón", "Peña", 0],
  ["José", "Rosario", 0],
  ["Wilkin", "Santana", 0],
  ["Franklin", "Mejía", 0],
  ["Eddy", "Batista", 0],
  ["Rafael", "Guzmán", 1],
  ["Julio", "Encarnación", 1],
  ["Domingo", "Cabrera", 1],
  ["Starlin", "Vásquez", 1],
  ["Manuel", "Ureña", 2],
  ["Kelvin", "Polanco", 2],
  ["Andrés", "Taveras", 2],
];
const VEHICLES: { model: string; capacity: number }[] = [
  { model: "Toyota Hiace 2022", capacity: 15 },
  { model: "Hyundai County 2021", capacity: 29 },
  { model: "Toyota Coaster 2020", capacity: 30 },
  { model: "Nissan Urvan 2023", capacity: 15 },
  { model: "Mitsubishi Rosa 2019", capacity: 26 },
  { model: "Hyundai H350 2022", capacity: 18 },
];

type RouteSpec = {
  name: string;
  description: string;
  branch: BranchKey;
  destination: DestinationKey;
  /** Local departure time(s) "HH:MM"; a second entry is the afternoon shift. */
  runs: string[];
  cost: string;
  days: number[];
  /** Indexes into DRIVERS. */
  drivers: number[];
  riders: number;
};

const ROUTES: RouteSpec[] = [
  {
    name: "Piantini – Parque Industrial Itabo",
    description:
      "Sale de la Sede Central Piantini por la Av. 27 de Febrero y la Autopista 6 de Noviembre; segundo turno a las 14:30.",
    branch: "piantini",
    destination: "itabo",
    runs: ["06:30", "14:30"],
    cost: "85.00",
    days: [1, 2, 3, 4, 5],
    drivers: [0, 1],
    riders: 9,
  },
  {
    name: "Herrera – Parque Industrial Itabo",
    description: "Recoge en el Centro Logístico Herrera y sigue por la Carretera Sánchez; incluye sábados.",
    branch: "herrera",
    destination: "itabo",
    runs: ["06:00", "14:00"],
    cost: "55.00",
    days: [1, 2, 3, 4, 5, 6],
    drivers: [5, 6],
    riders: 8,
  },
  {
    name: "Piantini – Torre Corporativa Naco",
    description: "Ruta corta de oficinas: Piantini, Evaristo Morales y Naco.",
    branch: "piantini",
    destination: "naco",
    runs: ["07:30"],
    cost: "35.00",
    days: [1, 2, 3, 4, 5],
    drivers: [2],
    riders: 7,
  },
  {
    name: "Las Américas – Zona Franca San Isidro",
    description: "Desde la Zona Franca Las Américas hasta San Isidro por la Autopista de San Isidro.",
    branch: "americas",
    destination: "sanisidro",
    runs: ["06:15", "14:15"],
    cost: "65.00",
    days: [1, 2, 3, 4, 5],
    drivers: [7, 8],
    riders: 6,
  },
  {
    name: "Herrera – Villa Mella",
    description: "Cruza por la Av. Charles de Gaulle hasta la planta de Villa Mella.",
    branch: "herrera",
    destination: "villamella",
    runs: ["06:45"],
    cost: "60.00",
    days: [1, 2, 3, 4, 5],
    drivers: [3],
    riders: 6,
  },
  {
    name: "Piantini – Puerto Caucedo",
    description:
      "Ruta expresa al puerto por el Malecón y la Autopista Las Américas; segundo turno a las 13:45.",
    branch: "piantini",
    destination: "caucedo",
    runs: ["05:45", "13:45"],
    cost: "120.00",
    days: [1, 2, 3, 4, 5],
    drivers: [4],
    riders: 7,
  },
  {
    name: "Santiago – Zona Franca Santiago",
    description:
      "Desde la Sucursal Santiago hasta la Zona Franca por la Circunvalación Norte; incluye sábados.",
    branch: "santiago",
    destination: "zfsantiago",
    runs: ["07:00", "15:00"],
    cost: "45.00",
    days: [1, 2, 3, 4, 5, 6],
    drivers: [9, 10],
    riders: 9,
  },
  {
    name: "Las Américas – Puerto Caucedo",
    description: "Enlace entre la Zona Franca Las Américas y el puerto de Caucedo.",
    branch: "americas",
    destination: "caucedo",
    runs: ["07:15", "15:15"],
    cost: "40.00",
    days: [1, 2, 3, 4, 5],
    drivers: [11],
    riders: 6,
  },
];

type RnsSpec = {
  name: string;
  description: string;
  dayOffset: number;
  time: string;
  driver: number;
  cost: string;
  origin: { address: string } & Point;
  destination: DestinationKey;
  riders: number;
  riderBranch: BranchKey;
};

const originOf = (key: BranchKey) => ({
  address: BRANCHES[key].address,
  lat: BRANCHES[key].lat,
  lng: BRANCHES[key].lng,
});

const ROUTES_NOT_SCHEDULED: RnsSpec[] = [
  {
    name: "Visita técnica al Parque Industrial Itabo",
    description: "Equipo de Tecnología para la instalación de la red en la nave 4.",
    dayOffset: -17,
    time: "09:30",
    driver: 3,
    cost: "70.00",
    origin: originOf("piantini"),
    destination: "itabo",
    riders: 5,
    riderBranch: "piantini",
  },
  {
    name: "Auditoría en Zona Franca San Isidro",
    description: "Traslado del equipo de Finanzas para la auditoría trimestral.",
    dayOffset: -9,
    time: "10:00",
    driver: 2,
    cost: "90.00",
    origin: originOf("herrera"),
    destination: "sanisidro",
    riders: 4,
    riderBranch: "herrera",
  },
  {
    name: "Jornada de integración en Caucedo",
    description: "Actividad de integración del área de Logística con el personal del puerto.",
    dayOffset: -3,
    time: "09:30",
    driver: 8,
    cost: "110.00",
    origin: originOf("americas"),
    destination: "caucedo",
    riders: 8,
    riderBranch: "americas",
  },
  {
    name: "Recepción de auditores en Torre Naco",
    description: "Recoger a los auditores externos en el aeropuerto y llevarlos a la Torre Corporativa.",
    dayOffset: 2,
    time: "10:00",
    driver: 0,
    cost: "45.00",
    origin: {
      address: "Aeropuerto Internacional Las Américas, Autopista Las Américas Km 25",
      lat: 18.4297,
      lng: -69.6689,
    },
    destination: "naco",
    riders: 3,
    riderBranch: "piantini",
  },
  {
    name: "Feria de empleo en Villa Mella",
    description: "Traslado del equipo de Recursos Humanos a la feria de empleo de la planta.",
    dayOffset: 6,
    time: "09:30",
    driver: 11,
    cost: "60.00",
    origin: originOf("herrera"),
    destination: "villamella",
    riders: 6,
    riderBranch: "herrera",
  },
];

const FEMALE_NAMES = [
  "Ana",
  "María",
  "Yokasta",
  "Rosanna",
  "Yesenia",
  "Carolina",
  "Wendy",
  "Paola",
  "Katherine",
  "Massiel",
  "Yudelka",
  "Patricia",
  "Laura",
  "Scarlet",
  "Ruth",
  "Mercedes",
  "Altagracia",
  "Joselyn",
  "Nicole",
  "Gabriela",
  "Lisbeth",
  "Dahiana",
  "Yanelis",
  "Rosa",
  "Miguelina",
  "Esther",
  "Glenny",
  "Indhira",
];
const MALE_NAMES = [
  "Carlos",
  "José",
  "Juan",
  "Luis",
  "Miguel",
  "Rafael",
  "Pedro",
  "Francisco",
  "Manuel",
  "Yohan",
  "Wander",
  "Héctor",
  "Julio",
  "Ángel",
  "Fernando",
  "Andrés",
  "Joel",
  "Roberto",
  "Alexis",
  "Freddy",
  "Darío",
  "Leonel",
  "Ariel",
  "Edwin",
  "Jonathan",
  "Ramón",
];
const LASTNAMES = [
  "Martínez",
  "Féliz",
  "Reyes",
  "Rodríguez",
  "Pérez",
  "Santana",
  "Guzmán",
  "De los Santos",
  "Peña",
  "Jiménez",
  "Rosario",
  "Castillo",
  "Mejía",
  "Vásquez",
  "Polanco",
  "Almonte",
  "Tavárez",
  "Báez",
  "Encarnación",
  "Núñez",
  "Cabrera",
  "Ureña",
  "Batista",
  "Hernández",
  "García",
  "Díaz",
  "Sánchez",
  "Ramírez",
  "Mateo",
  "Lora",
  "Cruz",
  "Medina",
  "Taveras",
  "Abreu",
  "Paulino",
  "Valdez",
];

/** Job titles per department as [masculine, feminine]. */
const DEPARTMENTS: Record<string, [string, string][]> = {
  Operaciones: [
    ["Supervisor de Operaciones", "Supervisora de Operaciones"],
    ["Analista de Operaciones", "Analista de Operaciones"],
    ["Operador de Producción", "Operadora de Producción"],
    ["Técnico de Mantenimiento", "Técnica de Mantenimiento"],
  ],
  Finanzas: [
    ["Contador", "Contadora"],
    ["Analista Financiero", "Analista Financiera"],
    ["Auxiliar de Cuentas por Pagar", "Auxiliar de Cuentas por Pagar"],
  ],
  Tecnología: [
    ["Desarrollador de Software", "Desarrolladora de Software"],
    ["Técnico de Soporte", "Técnica de Soporte"],
    ["Administrador de Redes", "Administradora de Redes"],
    ["Analista de Datos", "Analista de Datos"],
  ],
  "Recursos Humanos": [
    ["Analista de Nómina", "Analista de Nómina"],
    ["Encargado de Reclutamiento", "Encargada de Reclutamiento"],
    ["Asistente de Recursos Humanos", "Asistente de Recursos Humanos"],
  ],
  Logística: [
    ["Despachador", "Despachadora"],
    ["Auxiliar de Almacén", "Auxiliar de Almacén"],
    ["Analista de Inventario", "Analista de Inventario"],
    ["Encargado de Flota", "Encargada de Flota"],
  ],
  Ventas: [
    ["Ejecutivo de Ventas", "Ejecutiva de Ventas"],
    ["Representante de Servicio al Cliente", "Representante de Servicio al Cliente"],
    ["Gerente de Cuentas", "Gerente de Cuentas"],
  ],
};
const DEPARTMENT_NAMES = Object.keys(DEPARTMENTS);

/** Home neighbourhoods per branch office: [sector, lat, lng]. */
const SECTORS: Record<BranchKey, [string, number, number][]> = {
  piantini: [
    ["Piantini", 18.4705, -69.9375],
    ["Naco", 18.478, -69.927],
    ["Evaristo Morales", 18.4725, -69.93],
    ["Bella Vista", 18.4555, -69.945],
    ["Arroyo Hondo", 18.5, -69.952],
    ["Gazcue", 18.466, -69.903],
    ["Cristo Rey", 18.495, -69.93],
    ["Ensanche Quisqueya", 18.4785, -69.9405],
    ["Villa Juana", 18.488, -69.905],
    ["Ensanche La Fe", 18.4895, -69.92],
  ],
  herrera: [
    ["Herrera", 18.476, -69.972],
    ["Las Caobas", 18.4905, -69.975],
    ["Los Prados", 18.4805, -69.95],
    ["El Millón", 18.4645, -69.955],
    ["Mirador Norte", 18.4605, -69.9585],
  ],
  americas: [
    ["Ensanche Ozama", 18.488, -69.862],
    ["Los Mina", 18.4975, -69.87],
    ["Alma Rosa", 18.4905, -69.855],
    ["Ensanche Isabelita", 18.4825, -69.8655],
  ],
  santiago: [
    ["Los Jardines Metropolitanos", 19.455, -70.695],
    ["Cerros de Gurabo", 19.47, -70.67],
    ["Villa Olga", 19.46, -70.7],
    ["Reparto Oquet", 19.445, -70.69],
  ],
};
const STREETS: Record<BranchKey, string[]> = {
  piantini: [
    "Av. Abraham Lincoln",
    "Av. Gustavo Mejía Ricart",
    "Calle José Amado Soler",
    "Av. Sarasota",
    "Calle Fantino Falco",
    "Av. Tiradentes",
    "Calle Rafael Augusto Sánchez",
    "Av. Núñez de Cáceres",
  ],
  herrera: [
    "Av. Isabel Aguiar",
    "Av. Independencia",
    "Calle Primera",
    "Av. Luperón",
    "Calle Respaldo Los Robles",
  ],
  americas: ["Av. Venezuela", "Av. San Vicente de Paúl", "Calle Costa Rica", "Av. Charles de Gaulle"],
  santiago: ["Av. Juan Pablo Duarte", "Calle del Sol", "Av. Estrella Sadhalá", "Av. Bartolomé Colón"],
};

const CANCEL_REASONS = [
  "Tuve una emergencia familiar",
  "Estoy de vacaciones esta semana",
  "Tengo cita médica en la mañana",
  "Voy en vehículo propio hoy",
  "Estoy trabajando desde casa",
  "Me quedo en otra sucursal por una reunión",
  "Estoy de licencia por enfermedad",
  "Tengo una diligencia personal",
];

const TRIP_COMMENTS = [
  "El chofer llegó puntual",
  "El aire acondicionado no funcionaba",
  "Excelente servicio, muy cómodo",
  "El autobús llegó 15 minutos tarde",
  "El chofer fue muy amable",
  "Hubo mucho tapón en la Av. 27 de Febrero, pero llegamos bien",
  "La unidad estaba limpia y ordenada",
  "Tomó una ruta distinta a la habitual y tardamos más",
  "Por favor revisar los cinturones de la última fila",
  "Buen servicio, como siempre",
  "La música estaba muy alta",
  "El chofer manejó con mucha prudencia bajo la lluvia",
];

// ---------------------------------------------------------------------------------------------
// Seeder
// ---------------------------------------------------------------------------------------------

type PersonPlan = {
  email: string;
  role: DemoRole;
  name: string;
  lastname: string;
  telephone: string;
  createdAt: Date;
};
type EmployeePlan = PersonPlan & {
  code: string;
  department: string;
  jobTitle: string;
  branch: BranchKey;
  address: string;
  lat: number;
  lng: number;
};
type DriverPlan = PersonPlan & {
  supplier: number;
  identityCard: string;
  licenseNumber: string;
  vehiclePlate: string;
  vehicleModel: string;
  vehicleCapacity: number;
};
type TripPlan = {
  route?: number;
  rns?: number;
  driver: number;
  start: Date;
  end: Date | null;
  cost: string;
  from: Point;
  to: Point;
  withTrail: boolean;
  /** Employee indexes expected on board. */
  riders: number[];
  routeName: string;
};
type ServicePlan = {
  trip: number;
  employee: number;
  status: "Boarded" | "Canceled";
  at: Date;
  comment: string | null;
};

export async function seedDemoData(
  db: Db,
  options: { now?: Date; log?: (msg: string) => void } = {},
): Promise<{ seeded: boolean }> {
  const log = options.log ?? (() => {});
  if (await hasUsers(db)) {
    log("La base de datos ya tiene usuarios: no se cargan datos de demostración.");
    return { seeded: false };
  }
  const now = new Date(Math.floor((options.now ?? new Date()).getTime() / 1000) * 1000);
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const seeded = await db.transaction(async (tx) => {
    // Two processes starting at once: the second waits here, then finds the users.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('treiber:seed-demo'))`);
    if (await hasUsers(tx)) return false;
    const counts = await insertDemoData(tx, now, passwordHash);
    log(
      `Datos de demostración cargados: ${Object.entries(counts)
        .map(([table, count]) => `${table}=${count}`)
        .join(", ")}`,
    );
    return true;
  });
  if (!seeded) log("La base de datos ya tiene usuarios: no se cargan datos de demostración.");
  return { seeded };
}

async function hasUsers(db: Db | Tx): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return row !== undefined;
}

async function insertDemoData(tx: Tx, now: Date, passwordHash: string): Promise<Record<string, number>> {
  const rng = new Rng(20_240_611);
  const nowMs = now.getTime();
  const daysAgo = (min: number, max: number) => new Date(nowMs - rng.int(min * 24, max * 24) * HOUR);
  const phone = () => `(${rng.pick(["809", "829", "849"])}) ${rng.int(200, 999)}-${rng.digits(4)}`;

  /** UTC instant of a local (UTC-4) wall-clock time `dayOffset` days from today. */
  const localDate = new Date(nowMs + LOCAL_OFFSET_HOURS * HOUR);
  const localAt = (dayOffset: number, hhmm: string) => {
    const [hh, mm] = hhmm.split(":").map(Number);
    return new Date(
      Date.UTC(
        localDate.getUTCFullYear(),
        localDate.getUTCMonth(),
        localDate.getUTCDate() + dayOffset,
        (hh ?? 0) - LOCAL_OFFSET_HOURS,
        mm ?? 0,
      ),
    );
  };
  const isoWeekday = (dayOffset: number) => {
    const d = new Date(
      Date.UTC(localDate.getUTCFullYear(), localDate.getUTCMonth(), localDate.getUTCDate() + dayOffset),
    );
    return ((d.getUTCDay() + 6) % 7) + 1;
  };

  // --- People ---------------------------------------------------------------------------------
  const usedEmails = new Set<string>(DEMO_ACCOUNTS.map((a) => a.email));
  const usedNames = new Set<string>(["Carlos Martínez", "Ana Féliz", "Yokasta Reyes", "Ramón Peña"]);
  const emailFor = (name: string, lastname: string, domain: string) => {
    const base = `${slug(name)}.${slug(lastname)}`;
    let email = `${base}@${domain}`;
    for (let n = 2; usedEmails.has(email); n++) email = `${base}${n}@${domain}`;
    usedEmails.add(email);
    return email;
  };
  const home = (branch: BranchKey) => {
    const [sector, lat, lng] = rng.pick(SECTORS[branch]);
    return {
      address: `${rng.pick(STREETS[branch])} ${rng.int(2, 320)}, ${sector}`,
      lat: round6(lat + rng.between(-0.004, 0.004)),
      lng: round6(lng + rng.between(-0.004, 0.004)),
    };
  };

  const employeePlans: EmployeePlan[] = [];
  const addEmployee = (plan: Omit<EmployeePlan, "code">) =>
    employeePlans.push({ ...plan, code: `EMP-${String(employeePlans.length + 1).padStart(4, "0")}` }) - 1;

  addEmployee({
    email: "superadmin@treiber.app",
    role: "SuperAdmin",
    name: "Carlos",
    lastname: "Martínez",
    telephone: "(809) 562-4101",
    department: "Operaciones",
    jobTitle: "Gerente de Operaciones",
    branch: "piantini",
    address: "Calle Fantino Falco 48, Naco",
    lat: 18.4791,
    lng: -69.9312,
    createdAt: new Date(nowMs - 400 * DAY),
  });
  addEmployee({
    email: "admin@treiber.app",
    role: "Admin",
    name: "Ana",
    lastname: "Féliz",
    telephone: "(829) 543-2210",
    department: "Logística",
    jobTitle: "Coordinadora de Transporte",
    branch: "piantini",
    address: "Av. Sarasota 120, Bella Vista",
    lat: 18.4562,
    lng: -69.9448,
    createdAt: new Date(nowMs - 380 * DAY),
  });
  const collaboratorIdx = addEmployee({
    email: "colaborador@treiber.app",
    role: "Collaborator",
    name: "Yokasta",
    lastname: "Reyes",
    telephone: "(849) 631-0457",
    department: "Recursos Humanos",
    jobTitle: "Analista de Nómina",
    branch: "piantini",
    address: "Calle José Amado Soler 35, Piantini",
    lat: 18.4718,
    lng: -69.9352,
    createdAt: new Date(nowMs - 300 * DAY),
  });

  const BRANCH_STAFF: Record<BranchKey, number> = { piantini: 24, herrera: 14, americas: 12, santiago: 9 };
  for (const branch of ["piantini", "herrera", "americas", "santiago"] as BranchKey[]) {
    for (let i = 0; i < BRANCH_STAFF[branch]; i++) {
      const female = rng.chance(0.5);
      let name: string;
      let lastname: string;
      do {
        name = rng.pick(female ? FEMALE_NAMES : MALE_NAMES);
        lastname = rng.pick(LASTNAMES);
      } while (usedNames.has(`${name} ${lastname}`));
      usedNames.add(`${name} ${lastname}`);
      const department = rng.pick(DEPARTMENT_NAMES);
      const titles = must(DEPARTMENTS[department], department);
      const [masculine, feminine] = rng.pick(titles);
      addEmployee({
        email: emailFor(name, lastname, "treiber.app"),
        role: "Collaborator",
        name,
        lastname,
        telephone: phone(),
        department,
        jobTitle: female ? feminine : masculine,
        branch,
        ...home(branch),
        createdAt: daysAgo(45, 360),
      });
    }
  }

  const usedCards = new Set<string>();
  const usedPlates = new Set<string>();
  const driverPlans: DriverPlan[] = DRIVERS.map(([name, lastname, supplier], index) => {
    let card: string;
    do {
      const prefix =
        supplier === 2 ? rng.pick(["031", "034", "402"]) : rng.pick(["001", "402", "223", "224"]);
      const body = `${prefix}${rng.digits(7)}`;
      card = `${prefix}-${body.slice(3)}-${luhnDigit(body)}`;
    } while (usedCards.has(card));
    usedCards.add(card);
    let plate: string;
    do plate = `I${rng.int(100_000, 999_999)}`;
    while (usedPlates.has(plate));
    usedPlates.add(plate);
    const vehicle = rng.pick(VEHICLES);
    const supplierInfo = at(SUPPLIERS, supplier);
    return {
      email: index === 0 ? "chofer@treiber.app" : emailFor(name, lastname, supplierInfo.domain),
      role: "Driver",
      name,
      lastname,
      telephone: phone(),
      createdAt: daysAgo(150, 330),
      supplier,
      identityCard: card,
      licenseNumber: card.replaceAll("-", ""),
      vehiclePlate: plate,
      vehicleModel: vehicle.model,
      vehicleCapacity: vehicle.capacity,
    };
  });

  // --- Users, catalogue -----------------------------------------------------------------------
  const people: PersonPlan[] = [...employeePlans, ...driverPlans];
  const userRows = await tx
    .insert(users)
    .values(
      people.map((p) => ({
        email: p.email,
        passwordHash,
        role: p.role,
        status: "active",
        mustChangePassword: false,
        createdAt: p.createdAt,
        updatedAt: p.createdAt,
      })),
    )
    .returning({ id: users.id, email: users.email });
  const userIdByEmail = new Map(userRows.map((r) => [r.email, r.id]));
  const userId = (email: string) => must(userIdByEmail.get(email), `user ${email}`);

  const catalogueCreated = new Date(nowMs - 420 * DAY);
  const branchRows = await tx
    .insert(branchOffices)
    .values(
      BRANCH_ORDER.map((key) => ({
        name: BRANCHES[key].name,
        address: BRANCHES[key].address,
        telephone: BRANCHES[key].telephone,
        latitude: BRANCHES[key].lat,
        longitude: BRANCHES[key].lng,
        status: "active",
        createdAt: catalogueCreated,
        updatedAt: catalogueCreated,
      })),
    )
    .returning({ id: branchOffices.id, name: branchOffices.name });
  const branchId = (key: BranchKey) =>
    must(branchRows.find((r) => r.name === BRANCHES[key].name)?.id, `branch ${key}`);

  const supplierRows = await tx
    .insert(suppliers)
    .values(
      SUPPLIERS.map((s) => ({
        name: s.name,
        rnc: s.rnc,
        contactName: s.contactName,
        telephone: s.telephone,
        email: s.email,
        status: "active",
        createdAt: catalogueCreated,
        updatedAt: catalogueCreated,
      })),
    )
    .returning({ id: suppliers.id, name: suppliers.name });
  const supplierId = (index: number) =>
    must(supplierRows.find((r) => r.name === at(SUPPLIERS, index).name)?.id, `supplier ${index}`);

  const destinationRows = await tx
    .insert(destinations)
    .values(
      DESTINATION_ORDER.map((key) => ({
        name: DESTINATIONS[key].name,
        description: DESTINATIONS[key].description,
        address: DESTINATIONS[key].address,
        latitude: DESTINATIONS[key].lat,
        longitude: DESTINATIONS[key].lng,
        createdAt: catalogueCreated,
        updatedAt: catalogueCreated,
      })),
    )
    .returning({ id: destinations.id, name: destinations.name });
  const destinationId = (key: DestinationKey) =>
    must(destinationRows.find((r) => r.name === DESTINATIONS[key].name)?.id, `destination ${key}`);

  const employeeRows = await tx
    .insert(employees)
    .values(
      employeePlans.map((e) => ({
        userId: userId(e.email),
        codeEmployee: e.code,
        name: e.name,
        lastname: e.lastname,
        department: e.department,
        jobTitle: e.jobTitle,
        telephone: e.telephone,
        branchOfficeId: branchId(e.branch),
        address: e.address,
        latitude: e.lat,
        longitude: e.lng,
        codeQr: newCodeQr(),
        createdAt: e.createdAt,
        updatedAt: e.createdAt,
      })),
    )
    .returning({ id: employees.id, code: employees.codeEmployee });
  const employeeIdByCode = new Map(employeeRows.map((r) => [r.code, r.id]));
  const employeeId = (index: number) =>
    must(employeeIdByCode.get(at(employeePlans, index).code), `employee ${index}`);

  const driverRows = await tx
    .insert(drivers)
    .values(
      driverPlans.map((d) => ({
        userId: userId(d.email),
        supplierId: supplierId(d.supplier),
        name: d.name,
        lastname: d.lastname,
        identityCard: d.identityCard,
        telephone: d.telephone,
        licenseNumber: d.licenseNumber,
        vehiclePlate: d.vehiclePlate,
        vehicleModel: d.vehicleModel,
        vehicleCapacity: d.vehicleCapacity,
        codeQr: newCodeQr(),
        createdAt: d.createdAt,
        updatedAt: d.createdAt,
      })),
    )
    .returning({ id: drivers.id, card: drivers.identityCard });
  const driverIdByCard = new Map(driverRows.map((r) => [r.card, r.id]));
  const driverId = (index: number) =>
    must(driverIdByCard.get(at(driverPlans, index).identityCard), `driver ${index}`);

  // --- Scheduled routes -----------------------------------------------------------------------
  const routeCreated = new Date(nowMs - 120 * DAY);
  const routeRows = await tx
    .insert(routes)
    .values(
      ROUTES.map((r) => ({
        name: r.name,
        description: r.description,
        destinationId: destinationId(r.destination),
        departureTime: at(r.runs, 0),
        cost: r.cost,
        status: "active",
        createdAt: routeCreated,
        updatedAt: routeCreated,
      })),
    )
    .returning({ id: routes.id, name: routes.name });
  const routeId = (index: number) =>
    must(routeRows.find((r) => r.name === at(ROUTES, index).name)?.id, `route ${index}`);

  await insertMany(
    tx,
    routeDays,
    ROUTES.flatMap((r, i) => r.days.map((dayId) => ({ routeId: routeId(i), dayId }))),
  );
  await insertMany(
    tx,
    routeDrivers,
    ROUTES.flatMap((r, i) =>
      r.drivers.map((d) => ({ routeId: routeId(i), driverId: driverId(d), createdAt: routeCreated })),
    ),
  );

  // Riders: the branch's collaborators, in order (Yokasta Reyes rides the first route).
  const collaboratorsOf = (branch: BranchKey) =>
    employeePlans.flatMap((e, i) => (e.role === "Collaborator" && e.branch === branch ? [i] : []));
  const pool = new Map(BRANCH_ORDER.map((b) => [b, collaboratorsOf(b)]));
  const routeRiders: number[][] = ROUTES.map((r) => must(pool.get(r.branch), r.branch).splice(0, r.riders));
  if (!at(routeRiders, 0).includes(collaboratorIdx))
    throw new Error("demo data: colaborador@ must ride route 0");
  // When each rider was assigned; the last rider of six routes was assigned in the last 10 days.
  const assignedAt = new Map<string, Date>();
  const recentAssignments: { route: number; employee: number; at: Date }[] = [];
  routeRiders.forEach((riders, r) => {
    riders.forEach((e, position) => {
      let when = new Date(routeCreated.getTime() + rng.int(0, 72) * HOUR);
      if (r < 6 && position === riders.length - 1) {
        when = new Date(nowMs - (1 + r * 1.5) * DAY - rng.int(1, 8) * HOUR);
        recentAssignments.push({ route: r, employee: e, at: when });
      }
      assignedAt.set(`${r}:${e}`, when);
    });
  });
  await insertMany(
    tx,
    routeEmployees,
    routeRiders.flatMap((riders, r) =>
      riders.map((e) => ({
        routeId: routeId(r),
        employeeId: employeeId(e),
        createdAt: must(assignedAt.get(`${r}:${e}`), "assignment"),
      })),
    ),
  );

  // --- Unscheduled routes ---------------------------------------------------------------------
  const rnsRiders: number[][] = ROUTES_NOT_SCHEDULED.map((spec) =>
    rng.shuffle(collaboratorsOf(spec.riderBranch)).slice(0, spec.riders),
  );
  const rnsScheduledAt = ROUTES_NOT_SCHEDULED.map((spec) => localAt(spec.dayOffset, spec.time));
  const rnsRows = await tx
    .insert(routesNotScheduled)
    .values(
      ROUTES_NOT_SCHEDULED.map((spec, i) => {
        const scheduledAt = at(rnsScheduledAt, i);
        const createdAt = new Date(Math.min(scheduledAt.getTime() - 6 * DAY, nowMs - 2 * DAY));
        return {
          name: spec.name,
          description: spec.description,
          scheduledAt,
          driverId: driverId(spec.driver),
          cost: spec.cost,
          originAddress: spec.origin.address,
          originLatitude: spec.origin.lat,
          originLongitude: spec.origin.lng,
          destinationId: destinationId(spec.destination),
          status: "active",
          createdAt,
          updatedAt: createdAt,
        };
      }),
    )
    .returning({ id: routesNotScheduled.id, name: routesNotScheduled.name });
  const rnsId = (index: number) =>
    must(rnsRows.find((r) => r.name === at(ROUTES_NOT_SCHEDULED, index).name)?.id, `rns ${index}`);
  await insertMany(
    tx,
    routeNotScheduledEmployees,
    rnsRiders.flatMap((riders, i) =>
      riders.map((e) => ({ routeNotScheduledId: rnsId(i), employeeId: employeeId(e) })),
    ),
  );

  // --- Trips ----------------------------------------------------------------------------------
  const finishedBefore = nowMs - 75 * MINUTE;
  const trailSince = nowMs - 7 * DAY;
  const trips: TripPlan[] = [];
  for (let dayOffset = -28; dayOffset <= 0; dayOffset++) {
    const weekday = isoWeekday(dayOffset);
    ROUTES.forEach((route, r) => {
      if (!route.days.includes(weekday)) return;
      const driver = rng.pick(route.drivers);
      const riders = at(routeRiders, r);
      route.runs.forEach((time, run) => {
        const start = new Date(localAt(dayOffset, time).getTime() + rng.int(0, 6) * MINUTE);
        const end = new Date(start.getTime() + rng.int(35, 90) * MINUTE);
        if (end.getTime() > finishedBefore) return;
        trips.push({
          route: r,
          driver,
          start,
          end,
          cost: route.cost,
          from: BRANCHES[route.branch],
          to: DESTINATIONS[route.destination],
          withTrail: start.getTime() >= trailSince,
          // Two-shift routes: riders alternate between the morning and the afternoon run.
          riders: riders.filter(
            (e, position) =>
              (route.runs.length === 1 || position % 2 === run) &&
              must(assignedAt.get(`${r}:${e}`), "assignment").getTime() < start.getTime(),
          ),
          routeName: route.name,
        });
      });
    });
  }
  ROUTES_NOT_SCHEDULED.forEach((spec, i) => {
    const start = new Date(at(rnsScheduledAt, i).getTime() + rng.int(0, 5) * MINUTE);
    const end = new Date(start.getTime() + rng.int(40, 90) * MINUTE);
    if (end.getTime() > finishedBefore) return;
    trips.push({
      rns: i,
      driver: spec.driver,
      start,
      end,
      cost: spec.cost,
      from: spec.origin,
      to: DESTINATIONS[spec.destination],
      withTrail: start.getTime() >= trailSince,
      riders: at(rnsRiders, i),
      routeName: spec.name,
    });
  });
  trips.sort((a, b) => a.start.getTime() - b.start.getTime());
  // Two live trips (the simulator adds more): started 38 and 12 minutes ago.
  const live: [number, number, number][] = [
    [1, 5, 38], // route, driver, minutes ago
    [3, 7, 12],
  ];
  for (const [r, driver, minutes] of live) {
    const route = at(ROUTES, r);
    trips.push({
      route: r,
      driver,
      start: new Date(nowMs - minutes * MINUTE),
      end: null,
      cost: route.cost,
      from: BRANCHES[route.branch],
      to: DESTINATIONS[route.destination],
      withTrail: true,
      riders: at(routeRiders, r).filter(
        (e, position) =>
          position % 2 === 0 &&
          must(assignedAt.get(`${r}:${e}`), "assignment").getTime() < nowMs - minutes * MINUTE,
      ),
      routeName: route.name,
    });
  }

  // Trails: finished trips of the last 7 days go branch → destination; live trips part of the way.
  type Position = { trip: number; lat: number; lng: number; heading: number; speed: number; at: Date };
  const positions: Position[] = [];
  const lastPosition: (Point & { at: Date })[] = trips.map((trip, t) => {
    const startMs = trip.start.getTime();
    if (trip.end === null) {
      const elapsed = nowMs - startMs;
      const expected = 60 * MINUTE;
      const count = Math.max(3, Math.min(8, Math.floor(elapsed / (4 * MINUTE)) + 1));
      addTrail(t, trip, count, Math.min(0.85, elapsed / expected), startMs, nowMs - 30_000);
    } else if (trip.withTrail) {
      addTrail(t, trip, rng.int(5, 10), 1, startMs, trip.end.getTime());
    }
    const last = positions.at(-1);
    if (last && last.trip === t) return { lat: last.lat, lng: last.lng, at: last.at };
    return { ...trip.to, at: trip.end ?? trip.start };
  });
  function addTrail(
    t: number,
    trip: TripPlan,
    count: number,
    progress: number,
    fromMs: number,
    toMs: number,
  ) {
    let previous: Point = trip.from;
    const km = distanceKm(trip.from, trip.to) * progress;
    const hours = (toMs - fromMs) / HOUR;
    for (let k = 0; k < count; k++) {
      const f = (k / (count - 1)) * progress;
      const jitter = k === 0 || (progress === 1 && k === count - 1) ? 0 : 0.0015;
      const point = {
        lat: round6(trip.from.lat + (trip.to.lat - trip.from.lat) * f + rng.between(-jitter, jitter)),
        lng: round6(trip.from.lng + (trip.to.lng - trip.from.lng) * f + rng.between(-jitter, jitter)),
      };
      positions.push({
        trip: t,
        ...point,
        heading: bearing(k === 0 ? trip.from : previous, k === 0 ? trip.to : point),
        // City traffic: between 15 and 60 km/h, a bit faster on longer legs.
        speed:
          k === 0
            ? 0
            : Math.round(Math.min(60, Math.max(15, (km / Math.max(hours, 0.1)) * rng.between(0.8, 1.4)))),
        at: new Date(fromMs + Math.round(((toMs - fromMs) * k) / (count - 1))),
      });
      previous = point;
    }
  }

  const tripRows = await tx
    .insert(intermediateRoutes)
    .values(
      trips.map((trip, t) => {
        const last = at(lastPosition, t);
        return {
          routeId: trip.route === undefined ? null : routeId(trip.route),
          routeNotScheduledId: trip.rns === undefined ? null : rnsId(trip.rns),
          driverId: driverId(trip.driver),
          supplierId: supplierId(at(driverPlans, trip.driver).supplier),
          status: trip.end ? "Finished" : "InProgress",
          startedAt: trip.start,
          endedAt: trip.end,
          cost: trip.cost,
          lastLatitude: last.lat,
          lastLongitude: last.lng,
          lastPositionAt: last.at,
          createdAt: trip.start,
          updatedAt: trip.end ?? last.at,
        };
      }),
    )
    .returning({
      id: intermediateRoutes.id,
      driverId: intermediateRoutes.driverId,
      startedAt: intermediateRoutes.startedAt,
    });
  const tripIdByKey = new Map(tripRows.map((r) => [`${r.driverId}|${r.startedAt.getTime()}`, r.id]));
  const tripId = (t: number) => {
    const trip = at(trips, t);
    return must(tripIdByKey.get(`${driverId(trip.driver)}|${trip.start.getTime()}`), `trip ${t}`);
  };

  await insertMany(
    tx,
    tripPositions,
    positions.map((p) => ({
      intermediateRouteId: tripId(p.trip),
      latitude: p.lat,
      longitude: p.lng,
      heading: p.heading,
      speed: p.speed,
      recordedAt: p.at,
    })),
  );

  // --- Boardings and cancellations ------------------------------------------------------------
  const services: ServicePlan[] = [];
  trips.forEach((trip, t) => {
    const startMs = trip.start.getTime();
    const lastScanMs = trip.end ? startMs + (trip.end.getTime() - startMs) * 0.6 : nowMs - MINUTE;
    for (const employee of trip.riders) {
      const roll = rng.float();
      if (trip.end && roll < 0.05) {
        services.push({
          trip: t,
          employee,
          status: "Canceled",
          at: new Date(startMs - rng.int(30, 14 * 60) * MINUTE),
          comment: rng.pick(CANCEL_REASONS),
        });
      } else if (roll < 0.93) {
        const scanMs =
          startMs + rng.int(2, Math.max(3, Math.floor((lastScanMs - startMs) / MINUTE))) * MINUTE;
        if (scanMs > lastScanMs) continue; // live trip: not picked up yet
        services.push({ trip: t, employee, status: "Boarded", at: new Date(scanMs), comment: null });
      }
      // else: did not show up and did not cancel (no record).
    }
  });
  await insertMany(
    tx,
    transportServices,
    services.map((s) => ({
      intermediateRouteId: tripId(s.trip),
      employeeId: employeeId(s.employee),
      status: s.status,
      scannedAt: s.status === "Boarded" ? s.at : null,
      canceledAt: s.status === "Canceled" ? s.at : null,
      comment: s.comment,
      createdAt: s.at,
    })),
  );

  // --- Comments -------------------------------------------------------------------------------
  const boardedFinished = services.filter((s) => s.status === "Boarded" && at(trips, s.trip).end !== null);
  const commentPlans: { trip: number; employee: number; text: string; at: Date }[] = [];
  const COMMENT_COUNT = 20;
  for (let i = 0; i < COMMENT_COUNT && boardedFinished.length > 0; i++) {
    const slot = boardedFinished.length / COMMENT_COUNT;
    const service = at(
      boardedFinished,
      Math.min(boardedFinished.length - 1, Math.floor(i * slot + rng.float() * slot)),
    );
    const end = must(at(trips, service.trip).end ?? undefined, "trip end");
    commentPlans.push({
      trip: service.trip,
      employee: service.employee,
      text: rng.pick(TRIP_COMMENTS),
      at: new Date(Math.min(end.getTime() + rng.int(5, 180) * MINUTE, nowMs - MINUTE)),
    });
  }
  await insertMany(
    tx,
    comments,
    commentPlans.map((c) => ({
      intermediateRouteId: tripId(c.trip),
      employeeId: employeeId(c.employee),
      text: c.text,
      createdAt: c.at,
    })),
  );

  // --- Notifications for every Admin/SuperAdmin -------------------------------------------------
  type NotificationPlan = { title: string; message: string; tag: string; json: string; at: Date };
  const notificationPlans: NotificationPlan[] = [];
  const person = (e: number) => at(employeePlans, e);
  const json = (driver: number, employee: number, comment: string, routeName: string) =>
    JSON.stringify({
      DriverName: at(driverPlans, driver).name,
      DriverLastname: at(driverPlans, driver).lastname,
      EmployeeName: person(employee).name,
      EmployeeLastname: person(employee).lastname,
      Comment: comment,
      RouteName: routeName,
    });
  const tenDaysAgo = nowMs - 10 * DAY;
  const cancellations = services
    .filter((s) => s.status === "Canceled" && s.at.getTime() >= tenDaysAgo)
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .slice(-15);
  for (const s of cancellations) {
    const trip = at(trips, s.trip);
    const e = person(s.employee);
    notificationPlans.push({
      title: "Servicio cancelado",
      message: `${e.name} ${e.lastname} canceló su servicio en la ruta ${trip.routeName}: "${s.comment ?? ""}"`,
      tag: "CANCELED",
      json: json(trip.driver, s.employee, s.comment ?? "", trip.routeName),
      at: s.at,
    });
  }
  for (const c of commentPlans.filter((c) => c.at.getTime() >= tenDaysAgo)) {
    const trip = at(trips, c.trip);
    const e = person(c.employee);
    notificationPlans.push({
      title: "Nuevo comentario",
      message: `${e.name} ${e.lastname} comentó sobre la ruta ${trip.routeName}: "${c.text}"`,
      tag: "COMMENT",
      json: json(trip.driver, c.employee, c.text, trip.routeName),
      at: c.at,
    });
  }
  for (const a of recentAssignments) {
    const route = at(ROUTES, a.route);
    const e = person(a.employee);
    notificationPlans.push({
      title: "Colaborador asignado",
      message: `Se asignó a ${e.name} ${e.lastname} a la ruta ${route.name}.`,
      tag: "ASSIGNED",
      json: json(at(route.drivers, 0), a.employee, "", route.name),
      at: a.at,
    });
  }
  notificationPlans.sort((a, b) => b.at.getTime() - a.at.getTime());
  const admins = employeePlans.filter((e) => e.role === "Admin" || e.role === "SuperAdmin");
  const UNREAD_PER_ADMIN = 8;
  await insertMany(
    tx,
    notifications,
    admins.flatMap((admin) =>
      notificationPlans.map((n, position) => ({
        userId: userId(admin.email),
        title: n.title,
        message: n.message,
        tag: n.tag,
        messageJson: n.json,
        readAt:
          position < UNREAD_PER_ADMIN
            ? null
            : new Date(
                Math.max(
                  n.at.getTime(),
                  Math.min(n.at.getTime() + rng.int(20, 20 * 60) * MINUTE, nowMs - MINUTE),
                ),
              ),
        createdAt: n.at,
      })),
    ),
  );

  return {
    users: people.length,
    branch_offices: BRANCH_ORDER.length,
    suppliers: SUPPLIERS.length,
    drivers: driverPlans.length,
    employees: employeePlans.length,
    destinations: DESTINATION_ORDER.length,
    routes: ROUTES.length,
    routes_not_scheduled: ROUTES_NOT_SCHEDULED.length,
    intermediate_routes: trips.length,
    trip_positions: positions.length,
    transport_services: services.length,
    comments: commentPlans.length,
    notifications: admins.length * notificationPlans.length,
  };
}

/** Luhn check digit of the 10 digits of a Dominican cédula. */
function luhnDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let product = Number(digits[i]) * (i % 2 === 0 ? 1 : 2);
    if (product > 9) product -= 9;
    sum += product;
  }
  return (10 - (sum % 10)) % 10;
}
