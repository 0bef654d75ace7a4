/** The AudioContext is made on first use (browsers allow it after the user has touched the page). */
let context: AudioContext | null = null;

/**
 * A short two-tone beep through the Web Audio API (no audio file to download). Silently does
 * nothing where audio is unavailable or still blocked by the browser's autoplay policy.
 */
export function playAlertBeep(): void {
  try {
    const AudioContextClass =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AudioContextClass) return;
    context ??= new AudioContextClass();
    const audio = context;
    if (audio.state === "suspended") void audio.resume().catch(() => {});
    const start = audio.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.18, 660],
    ] as const) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = "sine";
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.25, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.15);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.16);
    }
  } catch {
    // No audio: the highlight and the screen reader announcement still tell.
  }
}
