/**
 * The new-message chime, synthesized with WebAudio (two short sine notes), so
 * no audio file travels with the bundle. Browsers start audio only after a user
 * gesture: `unlockNotificationSound` is called on the first one.
 */
let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const Constructor =
    window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Constructor) return null;
  context = new Constructor();
  return context;
}

export function unlockNotificationSound(): void {
  const audio = audioContext();
  if (audio?.state === "suspended") void audio.resume().catch(() => undefined);
}

/** Notes of the chime: frequency (Hz), start and length (s). */
const NOTES = [
  { frequency: 880, start: 0, length: 0.12 },
  { frequency: 1320, start: 0.1, length: 0.22 },
] as const;

/** Plays the chime at a volume from 0 to 1; silent at 0 or when audio is unavailable. */
export function playNotificationSound(volume: number): void {
  if (volume <= 0) return;
  const audio = audioContext();
  if (audio?.state !== "running") return;
  const now = audio.currentTime;
  for (const note of NOTES) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = "sine";
    oscillator.frequency.value = note.frequency;
    // A quick attack and an exponential fade: a soft "ding", no click.
    gain.gain.setValueAtTime(0.0001, now + note.start);
    gain.gain.exponentialRampToValueAtTime(0.4 * volume, now + note.start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + note.start + note.length);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(now + note.start);
    oscillator.stop(now + note.start + note.length + 0.02);
  }
}
