/** localStorage key of the panel's mute toggle (per browser, kept across sessions). */
export const INCIDENT_SOUND_MUTED_KEY = "treiber:incidents-muted";

export function readSoundMuted(storage: Pick<Storage, "getItem"> = window.localStorage): boolean {
  try {
    return storage.getItem(INCIDENT_SOUND_MUTED_KEY) === "1";
  } catch {
    return false;
  }
}

export function writeSoundMuted(
  muted: boolean,
  storage: Pick<Storage, "setItem" | "removeItem"> = window.localStorage,
) {
  try {
    if (muted) storage.setItem(INCIDENT_SOUND_MUTED_KEY, "1");
    else storage.removeItem(INCIDENT_SOUND_MUTED_KEY);
  } catch {
    // Private mode without storage: the toggle still works for this page.
  }
}
