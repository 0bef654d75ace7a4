import { useState } from "react";
import { readSoundMuted, writeSoundMuted } from "../lib/mute-preference";

/** The panel's mute toggle, remembered in localStorage. */
export function useSoundMuted() {
  const [muted, setMuted] = useState(readSoundMuted);
  const toggle = () =>
    setMuted((current) => {
      writeSoundMuted(!current);
      return !current;
    });
  return { muted, toggle };
}
