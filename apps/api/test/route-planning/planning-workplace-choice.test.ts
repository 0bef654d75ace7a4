import type { PlanningContext } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addRiders, createShift } from "../helpers/plan-factories.js";
import { createRider, near, WORKPLACE } from "../helpers/planning-factories.js";
import { createDestination, createRoute } from "../helpers/route-factories.js";
import { buildTestApp, createBranchOffice, type SignedIn, signedInAs } from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

async function contextOf(shiftId: number): Promise<PlanningContext> {
  const response = await app.inject({
    method: "GET",
    url: `${API.planning.context.path}?shiftId=${shiftId}`,
    headers: admin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const place = (context: PlanningContext, id: number) => context.destinations.find((item) => item.id === id);

describe("GET /api/v1/Planning/context: the workplace chosen without one asked (issue 33)", () => {
  it("picks the workplace its branch office's routes go to, never only another branch office's", async () => {
    // Another branch office (an "A" name: first in the list) with a route to its own workplace.
    const other = await createBranchOffice();
    const theirs = await createDestination({ name: `A ${other.name}`, ...near(2) });
    const theirRider = await createRider(other.id, near(3));
    const theirShift = await createShift({ branchOfficeId: other.id });
    const theirRoute = await createRoute({ destinationId: theirs.id, shiftId: theirShift.id });
    await addRiders(theirRoute.id, [theirRider.id]);

    // This branch office: a route on one of its shifts, and one without a shift carrying its rider.
    const office = await createBranchOffice();
    const plant = await createDestination({ ...WORKPLACE });
    const yard = await createDestination({ ...near(4) });
    await createRoute({
      destinationId: plant.id,
      shiftId: (await createShift({ branchOfficeId: office.id })).id,
    });
    await createRoute({
      destinationId: plant.id,
      shiftId: (await createShift({ branchOfficeId: office.id })).id,
    });
    const ownRider = await createRider(office.id, near(5));
    const loose = await createRoute({ destinationId: yard.id });
    await addRiders(loose.id, [ownRider.id]);

    // A new shift of it, with no routes yet: the workplace most of its branch office's routes go to.
    const fresh = await createShift({ branchOfficeId: office.id });
    const context = await contextOf(fresh.id);
    expect(context.destinationId).toBe(plant.id);
    expect(place(context, plant.id)).toMatchObject({ amountRoutes: 0, branchOfficeRoutes: 2 });
    expect(place(context, yard.id)).toMatchObject({ amountRoutes: 0, branchOfficeRoutes: 1 });
    expect(place(context, theirs.id)).toMatchObject({ amountRoutes: 0, branchOfficeRoutes: 0 });
  });

  it("a new branch office has no workplace of its own: the pick says so and the page asks", async () => {
    const office = await createBranchOffice();
    const shift = await createShift({ branchOfficeId: office.id });
    const context = await contextOf(shift.id);
    expect(context.destinations.every((item) => item.branchOfficeRoutes === 0)).toBe(true);
    expect(place(context, context.destinationId)).toMatchObject({ amountRoutes: 0, branchOfficeRoutes: 0 });
  });
});
