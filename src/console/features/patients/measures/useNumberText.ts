import { useState } from 'react';

/**
 * The text of a number input over a stored value that may be converted (pounds over kilograms):
 * what the user types stays as typed while it still means the stored value ("177." is 177), and
 * follows the stored value when something else changes it (a generated form).
 */
export function useNumberText(stored: number | undefined, format: (value: number) => string, toStored: (typed: number) => number) {
  const [text, setText] = useState(() => (stored === undefined ? '' : format(stored)));
  const typed = text.trim() === '' ? undefined : Number(text);
  const same = typed === undefined ? stored === undefined : Number.isFinite(typed) && toStored(typed) === stored;
  return [same ? text : stored === undefined ? '' : format(stored), setText] as const;
}

/** A typed number, or undefined for an empty or unreadable entry. */
export function parseNumber(text: string): number | undefined {
  const value = Number(text);
  return text.trim() === '' || !Number.isFinite(value) ? undefined : value;
}
