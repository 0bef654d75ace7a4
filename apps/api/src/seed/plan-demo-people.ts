import { identityCardCheckDigit } from "@treiber/contract";
import type { SeededRandom } from "@treiber/contract/seeded-random";
import { DEMO_ACCOUNTS } from "./demo-accounts.js";
import { DAY, HOUR } from "./demo-clock.js";
import { DEPARTMENT_NAMES, DEPARTMENTS, FEMALE_NAMES, LASTNAMES, MALE_NAMES } from "./demo-people.js";
import { type BranchKey, SECTORS, STREETS } from "./demo-places.js";
import type { DriverPlan, EmployeePlan } from "./demo-plans.js";
import { DRIVERS, SUPPLIERS, VEHICLES } from "./demo-suppliers.js";
import { at, must } from "./must.js";
import { round6 } from "./point.js";

const slug = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z]/g, "");

export type DemoPeople = ReturnType<typeof planDemoPeople>;

/** The demo collaborators (the three demo accounts first, then each branch office's staff) and drivers. */
export function planDemoPeople(rng: SeededRandom, nowMs: number) {
  const daysAgo = (min: number, max: number) => new Date(nowMs - rng.int(min * 24, max * 24) * HOUR);
  const phone = () => `(${rng.pick(["809", "829", "849"])}) ${rng.int(200, 999)}-${rng.digits(4)}`;

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
      card = `${prefix}-${body.slice(3)}-${identityCardCheckDigit(body)}`;
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

  return { employeePlans, driverPlans, collaboratorIdx };
}
