/** The AudioContext is made on first use (browsers allow it after the user has touched the page). */
let context: AudioContext | null = null;

type Tone = readonly [offset: number, frequency: number, length: number];

/**
 * Plays tones through the Web Audio API (no audio file to download). Silently does nothing where
 * audio is unavailable or still blocked by the browser's autoplay policy.
 */
function playTones(tones: readonly Tone[], type: OscillatorType, volume: number): void {
  try {
    const AudioContextClass =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AudioContextClass) return;
    context ??= new AudioContextClass();
    const audio = context;
    if (audio.state === "suspended") void audio.resume().catch(() => {});
    const start = audio.currentTime;
    for (const [offset, frequency, length] of tones) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = type;
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(volume, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + length - 0.01);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + length);
    }
  } catch {
    // No audio: the highlight, the banner and the screen reader announcement still tell.
  }
}

/** A new critical incident: a short two-tone beep. */
export function playAlertBeep(): void {
  playTones(
    [
      [0, 880, 0.16],
      [0.18, 660, 0.16],
    ],
    "sine",
    0.25,
  );
}

/** How often the SOS alarm repeats while an SOS waits for someone to take it (ms). */
export const SOS_ALARM_INTERVAL_MS = 3_000;

/**
 * An SOS (issue 38): a siren unlike the critical beep — six fast alternating high and low square
 * tones, louder, about 1.5 s — repeated every SOS_ALARM_INTERVAL_MS by the panel until it is taken.
 */
export function playSosAlarm(): void {
  const tones: Tone[] = [];
  for (let index = 0; index < 6; index += 1) tones.push([index * 0.25, index % 2 === 0 ? 1_320 : 990, 0.22]);
  playTones(tones, "square", 0.35);
}
