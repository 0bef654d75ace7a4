import { useEffect } from "react";
import { SafeArrivalPrompt } from "./safe-arrival-prompt";
import { resumeSosFollow } from "./sos-follow";

/**
 * What safety keeps running on every screen (loaded on demand by the layouts): a follow after an SOS
 * that a reload interrupted goes on (positions every 10 s), and riders get «¿Llegó bien?».
 */
export function SafetyHost(props: { rider: boolean }) {
  useEffect(() => resumeSosFollow(), []);
  return props.rider ? <SafeArrivalPrompt /> : null;
}
