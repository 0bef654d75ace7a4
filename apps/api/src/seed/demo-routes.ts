import { BRANCHES, type BranchKey, type DestinationKey } from "./demo-places.js";
import type { Point } from "./point.js";

/** Demo scheduled routes and unscheduled (one-off) routes. */
export type RouteSpec = {
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

export const ROUTES: RouteSpec[] = [
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

export type RnsSpec = {
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

export const ROUTES_NOT_SCHEDULED: RnsSpec[] = [
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
