import { describe, expect, it } from "vitest";
import { INCIDENT_SOUND_MUTED_KEY, readSoundMuted, writeSoundMuted } from "./mute-preference";

describe("the mute toggle's preference", () => {
  it("is off by default and remembered in localStorage", () => {
    expect(readSoundMuted()).toBe(false);
    writeSoundMuted(true);
    expect(window.localStorage.getItem(INCIDENT_SOUND_MUTED_KEY)).toBe("1");
    expect(readSoundMuted()).toBe(true);
    writeSoundMuted(false);
    expect(window.localStorage.getItem(INCIDENT_SOUND_MUTED_KEY)).toBeNull();
    expect(readSoundMuted()).toBe(false);
  });

  it("reads as not muted when storage is unavailable", () => {
    const broken = {
      getItem: () => {
        throw new Error("blocked");
      },
    };
    expect(readSoundMuted(broken)).toBe(false);
  });
});
