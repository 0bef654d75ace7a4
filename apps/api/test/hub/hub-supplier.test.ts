import type { HubConnection } from "@microsoft/signalr";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createSupplierUser } from "../helpers/supplier-portal-factories.js";
import { signedInAs } from "../helpers/test-app.js";
import { createTrip, officialClient, startApp } from "./hub-test-kit.js";

/**
 * A supplier's user on the hub (issue 37, decision 0077): it may connect (its own notices only) but
 * follows no trip live, not even its supplier's, sends no position, and its connection closes when
 * its supplier is deactivated.
 */
describe("hub /server: a Supplier user", () => {
  let app: FastifyInstance;
  let baseUrl: string;
  const open: HubConnection[] = [];

  async function connect(token: string) {
    const connection = officialClient(baseUrl, token);
    await connection.start();
    open.push(connection);
    return connection;
  }

  beforeAll(async () => {
    ({ app, baseUrl } = await startApp());
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((connection) => connection.stop()));
  });
  afterAll(async () => {
    await app.close();
  });

  it("connects, but joins no trip group and sends no position", async () => {
    const { trip, driver } = await createTrip();
    const supplier = await createSupplierUser(app, driver.supplierId);
    const hub = await connect(supplier.token);
    await expect(hub.invoke("JoinGroupIntermediateRoute", `intermediate-group-${trip.id}`)).rejects.toThrow(
      /permiso/,
    );
    await expect(hub.invoke("SendGeolocation", trip.id, 18.47, -69.93)).rejects.toThrow(/choferes/);
  });

  it("is disconnected when its supplier is deactivated", async () => {
    const { driver } = await createTrip();
    const supplier = await createSupplierUser(app, driver.supplierId);
    const hub = await connect(supplier.token);
    const closed = new Promise<void>((resolve) => hub.onclose(() => resolve()));
    const admin = await signedInAs(app, "Admin");
    const response = await app.inject({
      method: "PUT",
      url: API.supplier.status.path,
      headers: admin.headers,
      payload: { id: driver.supplierId, status: "inactive" },
    });
    expect(response.statusCode).toBe(200);
    await closed;
  });
});
