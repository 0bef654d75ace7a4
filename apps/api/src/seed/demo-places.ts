import type { Point } from "./point.js";

/** Demo places: branch offices (trip origins), destinations, and the neighbourhoods and streets collaborators live in. */
export type BranchKey = "piantini" | "santiago" | "americas" | "herrera";
export type DestinationKey = "itabo" | "sanisidro" | "naco" | "villamella" | "caucedo" | "zfsantiago";

export const BRANCHES: Record<BranchKey, { name: string; address: string; telephone: string } & Point> = {
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
export const BRANCH_ORDER: BranchKey[] = ["piantini", "santiago", "americas", "herrera"];
/** Issue 38: every demo branch office's emergency number (SOS `tel:` offer) and contact e-mail. */
export const DEMO_EMERGENCY_PHONE = "(809) 555-0911";
export const demoEmergencyEmail = (key: BranchKey) => `seguridad.${key}@treiber.app`;

export const DESTINATIONS: Record<
  DestinationKey,
  { name: string; description: string; address: string } & Point
> = {
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
export const DESTINATION_ORDER: DestinationKey[] = [
  "itabo",
  "sanisidro",
  "naco",
  "villamella",
  "caucedo",
  "zfsantiago",
];

/** Home neighbourhoods per branch office: [sector, lat, lng]. */
export const SECTORS: Record<BranchKey, [string, number, number][]> = {
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
export const STREETS: Record<BranchKey, string[]> = {
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
