/** The colours a definition may name for a badge; the skin alone knows their classes. */
export const TONES = ['gray', 'green', 'yellow', 'red', 'blue', 'purple'] as const;
export type Tone = (typeof TONES)[number];

export const TONE_CLASSES: Readonly<Record<Tone, string>> = {
  gray: 'bg-slate-100 text-slate-700 ring-slate-300',
  green: 'bg-green-50 text-green-800 ring-green-600/30',
  yellow: 'bg-yellow-50 text-yellow-800 ring-yellow-600/30',
  red: 'bg-red-50 text-red-800 ring-red-600/30',
  blue: 'bg-blue-50 text-blue-800 ring-blue-600/30',
  purple: 'bg-purple-50 text-purple-800 ring-purple-600/30',
};
