/** The imports of collaborators and drivers (issue 24), built once by app.ts. */
import type { Db } from "../../db/client.js";
import { createHeldMailJob, type HeldMailJob } from "../../mail/held-mail-job.js";
import type { Mailer } from "../../mail/mailer.js";
import { listActiveBranchOfficeNames } from "../branch-offices/branch-office-repository.js";
import type { SeatsDeps } from "../routes/routes-service.js";
import { listActiveSupplierNames } from "../suppliers/supplier-repository.js";
import { driverImport } from "./driver-import.js";
import { routeIdsOfDrivers } from "./driver-import-repository.js";
import { employeeImport } from "./employee-import.js";
import { createGeocoder, type GeocoderOptions } from "./geocoder.js";
import { createImportEngine } from "./import-engine.js";

export type ImportService = ReturnType<typeof createImportService>;

export function createImportService(deps: {
  db: Db;
  mailer: Mailer;
  geocoderUrl: string | undefined;
  /** The geocoder's limits (tests shorten them). */
  geocoder?: Omit<GeocoderOptions, "db" | "url">;
  /** The held invitations (issue 33): app.ts's job, which also sends them on their date. */
  heldMails?: HeldMailJob;
}) {
  const { db, mailer, geocoderUrl } = deps;
  const geocoder = geocoderUrl ? createGeocoder({ ...deps.geocoder, db, url: geocoderUrl }) : undefined;
  return {
    employees: createImportEngine(employeeImport, { db, mailer, geocoder }),
    drivers: createImportEngine(driverImport, { db, mailer, geocoder }),
    /** Invitations held by imports («crear sin enviar»): how many wait, and «Enviar invitaciones». */
    invitations: deps.heldMails ?? createHeldMailJob({ db, mailer }),
    /** The template's drop-down lists: the active branch offices' and suppliers' names. */
    activeBranchOfficeNames: async () => (await listActiveBranchOfficeNames(db)).map((row) => row.name),
    activeSupplierNames: async () => (await listActiveSupplierNames(db)).map((row) => row.name),
  };
}

/**
 * The imports with the drivers' commit promoting, once committed, the waitlists of the routes of
 * the drivers whose vehicle grew (issue 35), as PUT driver does (bound in routes.ts).
 */
export function withSeatPromotion(imports: ImportService, db: Db, seats: SeatsDeps): ImportService {
  const { drivers } = imports;
  return {
    ...imports,
    drivers: {
      ...drivers,
      async commit(...args: Parameters<typeof drivers.commit>) {
        const outcome = await drivers.commit(...args);
        const routeIds = await routeIdsOfDrivers(db, outcome.seatsRaisedBy ?? []);
        if (routeIds.length > 0) await seats.seatsGrew(routeIds);
        return outcome;
      },
    },
  };
}
