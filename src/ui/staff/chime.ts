// The console's sounds, made with Web Audio (no file to download): each event its own tune, so a cook knows which by ear.
let context: AudioContext | undefined;

export type ConsoleSound = 'ticket' | 'addon' | 'call' | 'lost';

/** Notes as [start offset in seconds, frequency in Hz]; each tune rises, falls or repeats differently. */
const TUNES: Record<ConsoleSound, { wave: OscillatorType; notes: readonly (readonly [number, number])[] }> = {
  // A new ticket: the two rising notes the board has always played.
  ticket: {
    wave: 'sine',
    notes: [
      [0, 880],
      [0.18, 1320],
    ],
  },
  // An add-on to a ticket already on the rail: three quick high notes.
  addon: {
    wave: 'triangle',
    notes: [
      [0, 1568],
      [0.12, 1568],
      [0.24, 1760],
    ],
  },
  // A guest calling a waiter or asking for the bill: a falling pair.
  call: {
    wave: 'sine',
    notes: [
      [0, 1175],
      [0.2, 784],
    ],
  },
  // The provider lost: low, square and repeated, unlike anything good.
  lost: {
    wave: 'square',
    notes: [
      [0, 330],
      [0.35, 262],
      [0.7, 330],
      [1.05, 262],
    ],
  },
};

/** The event tests listen for: `detail` is the sound's name. Dispatched whether or not the device can play it. */
export const SOUND_EVENT = 'console-sound';

export function playSound(sound: ConsoleSound): void {
  globalThis.dispatchEvent?.(new CustomEvent(SOUND_EVENT, { detail: sound }));
  const AudioContextClass = globalThis.AudioContext as typeof AudioContext | undefined;
  if (!AudioContextClass) return;
  try {
    context ??= new AudioContextClass();
    // Browsers start audio suspended until the page has had a tap; signing in was one.
    void context.resume();
    const start = context.currentTime;
    const tune = TUNES[sound];
    for (const [offset, frequency] of tune.notes) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = tune.wave;
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.25, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.3);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.32);
    }
  } catch {
    // No audio device or a policy refusal: the flash and the announcement still tell the kitchen.
  }
}
