import type { SupplierRateInput } from "../modules/suppliers/supplier-rate-columns.js";

/**
 * Demo transport suppliers, their drivers and the vehicles drivers are given. Each supplier has a
 * rate of another kind (decision 0061), so the routes Planificación applies in the demo are priced:
 * per km of the route, by vehicle type (the demo's vehicles are vans and minibuses), per trip.
 */
export const SUPPLIERS: {
  name: string;
  rnc: string;
  contactName: string;
  telephone: string;
  email: string;
  domain: string;
  rate: SupplierRateInput;
}[] = [
  {
    name: "Transportes Caribe Express",
    rnc: "130458921",
    contactName: "Héctor Almonte",
    telephone: "(809) 565-7788",
    email: "operaciones@transportes-caribe.do",
    domain: "transportes-caribe.do",
    rate: { rateType: "km", rateAmount: 3.25 },
  },
  {
    name: "Transportes Quisqueya",
    rnc: "131207734",
    contactName: "Miguelina Tavárez",
    telephone: "(829) 541-2290",
    email: "contacto@transportes-quisqueya.do",
    domain: "transportes-quisqueya.do",
    rate: { rateType: "vehicle", vehicleRates: { car: 30, van: 50, minibus: 65, bus: 80 } },
  },
  {
    name: "Transportes del Cibao",
    rnc: "102366518",
    contactName: "Francisco Espaillat",
    telephone: "(809) 580-4411",
    email: "servicio@transportes-cibao.do",
    domain: "transportes-cibao.do",
    rate: { rateType: "trip", rateAmount: 45 },
  },
];

/** Drivers: [name, lastname, supplier index]. The first is chofer@treiber.app. */
export const DRIVERS: [string, string, number][] = [
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
export const VEHICLES: { model: string; capacity: number }[] = [
  { model: "Toyota Hiace 2022", capacity: 15 },
  { model: "Hyundai County 2021", capacity: 29 },
  { model: "Toyota Coaster 2020", capacity: 30 },
  { model: "Nissan Urvan 2023", capacity: 15 },
  { model: "Mitsubishi Rosa 2019", capacity: 26 },
  { model: "Hyundai H350 2022", capacity: 18 },
];
