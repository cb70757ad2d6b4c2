// The sounds of the tab, made in code with Web Audio: a soft chime for a notification, and for an offer one of
// three patterns a person tells apart without looking: emergent a fast run of five high square beeps, urgent
// three mid beeps, routine one low tone. Silent where the browser has no Web Audio or refuses to play (a tab
// nobody has touched yet); the user's sound setting is checked by the caller.
import type { Urgency } from '../../../generated/types.gen.ts';

interface Tone {
  readonly frequency: number;
  /** Seconds after the pattern starts. */
  readonly at: number;
  readonly length: number;
}

export interface SoundPattern {
  readonly wave: OscillatorType;
  readonly volume: number;
  readonly tones: readonly Tone[];
}

const beeps = (count: number, frequency: number, every: number, length: number): Tone[] =>
  Array.from({ length: count }, (_, index) => ({ frequency, at: index * every, length }));

export const CHIME: SoundPattern = {
  wave: 'sine',
  volume: 0.08,
  tones: [
    { frequency: 880, at: 0, length: 0.1 },
    { frequency: 660, at: 0.12, length: 0.1 },
  ],
};

export const OFFER_SOUNDS: Readonly<Record<Urgency, SoundPattern>> = {
  emergent: { wave: 'square', volume: 0.12, tones: beeps(5, 1320, 0.16, 0.1) },
  urgent: { wave: 'triangle', volume: 0.12, tones: beeps(3, 880, 0.3, 0.18) },
  routine: { wave: 'sine', volume: 0.1, tones: beeps(1, 523, 0, 0.5) },
};

export function playPattern(pattern: SoundPattern): void {
  const AudioContextClass = globalThis.AudioContext as typeof AudioContext | undefined;
  if (AudioContextClass === undefined) return;
  try {
    const context = new AudioContextClass();
    const gain = context.createGain();
    gain.gain.value = pattern.volume;
    gain.connect(context.destination);
    let end = 0;
    for (const tone of pattern.tones) {
      const oscillator = context.createOscillator();
      oscillator.type = pattern.wave;
      oscillator.frequency.value = tone.frequency;
      oscillator.connect(gain);
      oscillator.start(context.currentTime + tone.at);
      oscillator.stop(context.currentTime + tone.at + tone.length);
      end = Math.max(end, tone.at + tone.length);
    }
    setTimeout(() => void context.close(), end * 1000 + 200);
  } catch {
    // No sound is better than a broken stream.
  }
}
