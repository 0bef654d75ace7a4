import { formatElapsed } from "@treiber/client/format";
import { useEffect, useState } from "react";

/** "mm:ss" / "h:mm:ss" since `startedIso`, ticking every second (frozen at `endedIso` when given). */
export function useElapsed(startedIso: string | null, endedIso: string | null): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!startedIso || endedIso) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [startedIso, endedIso]);
  if (!startedIso) return formatElapsed(0);
  const end = endedIso ? new Date(endedIso).getTime() : now;
  return formatElapsed(end - new Date(startedIso).getTime());
}
