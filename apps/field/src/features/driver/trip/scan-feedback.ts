type AudioContextConstructor = typeof AudioContext;

let audio: AudioContext | null = null;

/** A short beep (WebAudio) and a vibration where the phone has them; silent elsewhere. */
export function scanFeedback(): void {
  if (typeof navigator.vibrate === "function") navigator.vibrate(150);
  try {
    const Context =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: AudioContextConstructor }).webkitAudioContext;
    if (!Context) return;
    audio ??= new Context();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = "sine";
    oscillator.frequency.value = 880;
    gain.gain.value = 0.2;
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + 0.15);
  } catch {
    // No sound: the vibration and the screen are enough.
  }
}
