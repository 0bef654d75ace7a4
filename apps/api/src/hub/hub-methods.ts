import { TRIP_GROUP_PATTERN } from "@treiber/contract";
import { z } from "zod";
import type { Db } from "../db/client.js";
import type { AuthUser } from "../lib/auth-user.js";
import type { TripPositionsService } from "../modules/trip-positions/trip-positions-service.js";
import { canFollowTrip, type TripSeatCheck } from "../modules/trips/trip-access.js";

/** An error whose message the caller may read (sent as the Completion's `error`). */
export class HubError extends Error {}

export type HubCaller = {
  user: AuthUser;
  joinGroup(name: string): void;
  leaveGroup(name: string): void;
};

export type HubMethod = (caller: HubCaller, args: unknown[]) => Promise<unknown>;

const groupArgs = z.tuple([z.string().max(64)]);
const number = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);
const geolocationArgs = z.tuple([
  number.pipe(z.number().int().positive().max(2_147_483_647)),
  number.pipe(z.number().min(-90).max(90)),
  number.pipe(z.number().min(-180).max(180)),
]);

const geolocationAtArgs = z.tuple([...geolocationArgs.def.items, z.iso.datetime({ offset: true })] as const);

function parseArgs<T>(schema: z.ZodType<T>, args: unknown[]): T {
  const parsed = schema.safeParse(args);
  if (!parsed.success) throw new HubError("Argumentos inválidos");
  return parsed.data;
}

function tripIdOfGroup(name: string): number {
  const match = TRIP_GROUP_PATTERN.exec(name);
  const id = Number(match?.[1]);
  if (!match || id > 2_147_483_647) throw new HubError("Nombre de grupo inválido");
  return id;
}

/** The hub's client methods, keyed by lower-case name (looked up case-insensitively). */
export function createHubMethods(deps: { db: Db; positions: TripPositionsService; seats: TripSeatCheck }) {
  const methods: Record<string, HubMethod> = {
    async joingroupintermediateroute(caller, args) {
      const [name] = parseArgs(groupArgs, args);
      const tripId = tripIdOfGroup(name);
      const access = await canFollowTrip(deps.db, caller.user, tripId, deps.seats);
      if (access === "not-found") throw new HubError("Ruta no encontrada");
      if (access === "forbidden") throw new HubError("No tiene permiso para seguir esta ruta");
      caller.joinGroup(name);
      return null;
    },
    async leavegroupintermediateroute(caller, args) {
      const [name] = parseArgs(groupArgs, args);
      tripIdOfGroup(name);
      caller.leaveGroup(name);
      return null;
    },
    async sendgeolocation(caller, args) {
      if (caller.user.role !== "Driver") throw new HubError("Solo los choferes pueden enviar su ubicación");
      // Apps may send extra trailing values (heading, speed…): only the first three are read.
      const [intermediateRouteId, latitude, longitude] = parseArgs(geolocationArgs, args.slice(0, 3));
      await deps.positions.record(caller.user, { intermediateRouteId, latitude, longitude });
      return null;
    },
    /** Treiber App: the same with the device's time, so a position held up on the way keeps its time. */
    async sendgeolocationat(caller, args) {
      if (caller.user.role !== "Driver") throw new HubError("Solo los choferes pueden enviar su ubicación");
      const [intermediateRouteId, latitude, longitude, recordedAt] = parseArgs(
        geolocationAtArgs,
        args.slice(0, 4),
      );
      await deps.positions.record(caller.user, { intermediateRouteId, latitude, longitude, recordedAt });
      return null;
    },
  };
  return new Map(Object.entries(methods));
}
