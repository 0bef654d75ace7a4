import type { Tx } from "../db/client.js";
import { branchOffices, destinations, drivers, employees, suppliers, users } from "../db/schema.js";
import { newCodeQr } from "../modules/employees/employee-repository.js";
import { rateColumns } from "../modules/suppliers/supplier-rate-columns.js";
import { DAY } from "./demo-clock.js";
import {
  BRANCH_ORDER,
  BRANCHES,
  type BranchKey,
  DEMO_EMERGENCY_PHONE,
  DESTINATION_ORDER,
  DESTINATIONS,
  type DestinationKey,
  demoEmergencyEmail,
} from "./demo-places.js";
import type { PersonPlan } from "./demo-plans.js";
import { SUPPLIERS } from "./demo-suppliers.js";
import { at, must } from "./must.js";
import type { DemoPeople } from "./plan-demo-people.js";

export type DemoIds = Awaited<ReturnType<typeof insertDemoCatalogue>>;

/**
 * Inserts the users, branch offices, suppliers, destinations, employees and drivers; answers
 * their ids by plan index or key.
 */
export async function insertDemoCatalogue(
  tx: Tx,
  deps: { nowMs: number; passwordHash: string; people: DemoPeople },
) {
  const { nowMs, passwordHash } = deps;
  const { employeePlans, driverPlans } = deps.people;
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
        emergencyPhone: DEMO_EMERGENCY_PHONE,
        emergencyEmails: [demoEmergencyEmail(key)],
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
        ...rateColumns(s.rate),
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

  return { userCount: people.length, userId, branchId, supplierId, destinationId, employeeId, driverId };
}
