// A short two-note chime made with Web Audio (no sound file to download), for a new order on the board.
let context: AudioContext | undefined;

export function playChime(): void {
  const AudioContextClass = globalThis.AudioContext as typeof AudioContext | undefined;
  if (!AudioContextClass) return;
  try {
    context ??= new AudioContextClass();
    // Browsers start audio suspended until the page has had a tap; signing in was one.
    void context.resume();
    const start = context.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.18, 1320],
    ] as const) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
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
