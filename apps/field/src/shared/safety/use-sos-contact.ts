import type { SosContactResponse } from "@treiber/contract";
import { useEffect } from "react";
import { type DeviceResource, useDeviceResource } from "../device-cache/use-device-resource";
import { loadSosContact } from "./safety-api";
import { resumeSosFollow } from "./sos-follow";

/**
 * `GET Sos/contact`, kept on the phone: the emergency number for the offline `tel:` offer, whether
 * the control shows after the drop, and a follow the server still holds (resumed here).
 */
export function useSosContact(): DeviceResource<SosContactResponse> {
  const contact = useDeviceResource("sos-contact", loadSosContact);
  const followUntil = contact.data?.followUntil ?? null;
  useEffect(() => resumeSosFollow(followUntil), [followUntil]);
  return contact;
}

/** The control shows after the trip: within 30 min of the rider's drop (the server says until when). */
export function availableAfterDrop(contact: SosContactResponse | undefined, now: number): boolean {
  if (!contact || contact.intermediateRouteId === null) return false;
  return contact.availableUntil === null || Date.parse(contact.availableUntil) > now;
}
