import {
  HUB_EVENTS,
  INCIDENT_MESSAGES,
  SAFETY_MESSAGES,
  SOS_AFTER_DROP_MINUTES,
  SOS_FOLLOW_MINUTES,
  SOS_HOURLY_LIMIT,
  type SosContactResponse,
  type SosPosition,
  type SosPositionRequest,
  type SosPositionsResponse,
  type SosRequest,
  type SosResponse,
} from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import type { BranchOfficeTime } from "../../lib/branch-office-time.js";
import { conflict, forbidden, notFound, tooManyRequests } from "../../lib/http-error.js";
import type { Mailer } from "../../mail/mailer.js";
import type { RealtimeBus } from "../../realtime/realtime-bus.js";
import { actionKey, applyOnce, type OnceResult } from "../client-actions/apply-once.js";
import type { IncidentAnnouncer } from "../incidents/incident-announcer.js";
import type { PushSender } from "../push/push-sender.js";
import { type SosFacts, sosAlertMails, sosPush } from "./sos-alerts.js";
import {
  branchOfficeContact,
  insertSosIncident,
  insertSosPosition,
  latestSosOf,
  lockSosOf,
  sosCountSince,
  sosIncident,
  sosPersonOf,
  sosPositionsOf,
  sosRecipients,
  sosTripById,
  sosTripOf,
} from "./sos-repository.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const iso = (at: number | Date) => new Date(at).toISOString();

type Log = { error(object: object, message: string): void };

export type SosService = ReturnType<typeof createSosService>;

/**
 * The SOS of Treiber App (issue 38, decision 0080): an incident SOS opened at the server's time of
 * receipt, announced at once on the hub (`ReceiveIncident`), then by Web Push to the branch
 * office's admins and by e-mail to its emergency contacts (in the background: the phone's answer
 * never waits for a push service or SMTP). The positions that follow it for SOS_FOLLOW_MINUTES.
 */
export function createSosService(deps: {
  db: Db;
  announce: IncidentAnnouncer;
  realtime: RealtimeBus;
  push: PushSender;
  mailer: Mailer;
  time: BranchOfficeTime;
  log: Log;
  /**
   * Whether a rider rides a running trip though not boarded yet (expected on it: waiting at the
   * stop, the bus coming): the trip their phone names is then theirs (the shared-trip rule).
   */
  ridesRunningTrip?: (intermediateRouteId: number, employeeId: number) => Promise<boolean>;
  now?: () => number;
}) {
  const { db, announce, realtime, push, mailer, time, log } = deps;
  const now = deps.now ?? Date.now;
  const background = new Set<Promise<void>>();

  function inBackground(work: () => Promise<void>) {
    const task = work()
      .catch((error) => log.error({ err: error }, "no se pudo avisar de una alerta SOS"))
      .finally(() => background.delete(task));
    background.add(task);
  }

  async function personOf(user: AuthUser) {
    const person = await sosPersonOf(db, user.id);
    // An account without a collaborator or driver record still raises it (named by its e-mail).
    if (!person) throw forbidden();
    return person;
  }

  /** Web Push to the admins and e-mail to the emergency contacts, after the incident is announced. */
  async function alert(incidentId: number, facts: SosFacts) {
    const payload = sosPush(incidentId, facts, time);
    const recipients = await sosRecipients(db, facts.branchOfficeId);
    await push.sendSafety(recipients, payload);
    if (facts.branchOfficeId === null) return;
    const office = await branchOfficeContact(db, facts.branchOfficeId);
    for (const mail of sosAlertMails(office?.emergencyEmails ?? [], facts, time)) await mailer.send(mail);
  }

  return {
    async raise(user: AuthUser, body: SosRequest): Promise<OnceResult<SosResponse>> {
      const receivedAt = now();
      const person = await personOf(user);
      const droppedSince = new Date(receivedAt - SOS_AFTER_DROP_MINUTES * MINUTE);
      // The trip, read before the transaction (it holds a connection: a burst of SOS must not wait
      // on reads): the trip the phone named if it is the person's (boarded or driving it, or a
      // rider expected on it, the bus coming); else the one they are on or left last; none found
      // never refuses an SOS (it opens without a trip).
      const named = body.intermediateRouteId;
      const namedTrip = named === undefined ? undefined : await sosTripOf(db, person, droppedSince, named);
      const expectedOn =
        named !== undefined &&
        namedTrip === undefined &&
        person.driverId === null &&
        person.employeeId !== null &&
        deps.ridesRunningTrip !== undefined &&
        (await deps.ridesRunningTrip(named, person.employeeId));
      const trip =
        namedTrip ??
        (expectedOn ? await sosTripById(db, named) : undefined) ??
        (await sosTripOf(db, person, droppedSince));
      let facts: SosFacts | undefined;
      const result = await applyOnce(db, actionKey(user, "sos", body), 201, async (tx) => {
        await lockSosOf(tx, user.id);
        if ((await sosCountSince(tx, user.id, new Date(receivedAt - HOUR))) >= SOS_HOURLY_LIMIT)
          throw tooManyRequests(SAFETY_MESSAGES.sosLimit);
        const recordedAt = Math.min(Date.parse(body.recordedAt), receivedAt);
        const position = { latitude: body.latitude, longitude: body.longitude, at: iso(recordedAt) };
        const branchOfficeId = person.branchOfficeId ?? trip?.branchOfficeId ?? null;
        const incidentId = await insertSosIncident(tx, {
          intermediateRouteId: trip?.id ?? null,
          routeId: trip?.routeId ?? null,
          serviceDay: time.serviceDay(receivedAt),
          driverId: trip?.driverId ?? null,
          supplierId: trip?.supplierId ?? null,
          openedAt: new Date(receivedAt),
          detail: {
            ...(body.accuracy !== undefined && { accuracy: body.accuracy }),
            recordedAt: body.recordedAt,
            receivedAt: iso(receivedAt),
          },
          evidence: [position],
          personUserId: user.id,
          branchOfficeId,
        });
        await insertSosPosition(tx, {
          incidentId,
          latitude: body.latitude,
          longitude: body.longitude,
          accuracy: body.accuracy ?? null,
          recordedAt: new Date(recordedAt),
        });
        facts = {
          name: person.name,
          phone: person.phone,
          routeName: trip?.routeName || null,
          branchOfficeId,
          latitude: body.latitude,
          longitude: body.longitude,
          at: receivedAt,
        };
        return {
          incidentId,
          followUntil: iso(receivedAt + SOS_FOLLOW_MINUTES * MINUTE),
          message: SAFETY_MESSAGES.sosSent,
        };
      });
      if (!result.replayed && facts) {
        // The control room first (its goal is 2 s), then the phones and the mailboxes.
        await announce([result.body.incidentId]);
        const told = facts;
        inBackground(() => alert(result.body.incidentId, told));
      }
      return result;
    },

    /** A followed position: within SOS_FOLLOW_MINUTES of the person's latest SOS, else 409. */
    async position(user: AuthUser, body: SosPositionRequest) {
      const at = now();
      const result = await applyOnce(db, actionKey(user, "sos-position", body), 200, async (tx) => {
        const latest = await latestSosOf(tx, user.id);
        if (!latest || at > latest.openedAt.getTime() + SOS_FOLLOW_MINUTES * MINUTE)
          throw conflict(SAFETY_MESSAGES.sosNotFollowed);
        const recordedAt = new Date(Math.min(Date.parse(body.recordedAt), at));
        const accuracy = body.accuracy ?? null;
        await insertSosPosition(tx, {
          incidentId: latest.id,
          latitude: body.latitude,
          longitude: body.longitude,
          accuracy,
          recordedAt,
        });
        const told: SosPosition = {
          incidentId: latest.id,
          latitude: body.latitude,
          longitude: body.longitude,
          accuracy,
          at: recordedAt.toISOString(),
        };
        return { message: SAFETY_MESSAGES.positionSaved, told };
      });
      if (!result.replayed) {
        await realtime.publish({
          audience: { kind: "admins" },
          target: HUB_EVENTS.receiveSosPosition,
          args: [result.body.told],
        });
      }
      return { ...result, body: { message: result.body.message } };
    },

    /** The trail of an SOS for the control room's drawer. */
    async positions(incidentId: number): Promise<SosPositionsResponse> {
      const incident = await sosIncident(db, incidentId);
      if (!incident) throw notFound(INCIDENT_MESSAGES.notFound);
      const person =
        incident.personUserId === null ? undefined : await sosPersonOf(db, incident.personUserId);
      const rows = await sosPositionsOf(db, incidentId);
      return {
        incidentId,
        personName: person?.name ?? "",
        personPhone: person?.phone ?? null,
        followUntil: iso(incident.openedAt.getTime() + SOS_FOLLOW_MINUTES * MINUTE),
        list: rows.map((row) => ({
          incidentId,
          latitude: row.latitude,
          longitude: row.longitude,
          accuracy: row.accuracy,
          at: row.recordedAt.toISOString(),
        })),
      };
    },

    /** The phone's emergency number and whether the SOS control shows now. */
    async contact(user: AuthUser): Promise<SosContactResponse> {
      const at = now();
      const person = await personOf(user);
      const trip = await sosTripOf(db, person, new Date(at - SOS_AFTER_DROP_MINUTES * MINUTE));
      const branchOfficeId = person.branchOfficeId ?? trip?.branchOfficeId ?? null;
      const office = branchOfficeId === null ? undefined : await branchOfficeContact(db, branchOfficeId);
      const latest = await latestSosOf(db, user.id);
      const followUntil = latest ? latest.openedAt.getTime() + SOS_FOLLOW_MINUTES * MINUTE : 0;
      return {
        branchOfficeName: office?.name ?? null,
        emergencyPhone: office?.emergencyPhone ?? null,
        intermediateRouteId: trip?.id ?? null,
        availableUntil:
          trip?.status === "Finished" && trip.endedAt
            ? iso(trip.endedAt.getTime() + SOS_AFTER_DROP_MINUTES * MINUTE)
            : null,
        followUntil: followUntil > at ? iso(followUntil) : null,
      };
    },

    /** Resolves when the pushes and mails under way are done (tests, shutdown). */
    async settled(): Promise<void> {
      while (background.size > 0) await Promise.all([...background]);
    },
  };
}
