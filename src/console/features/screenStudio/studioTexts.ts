/** A time the studio shows (a publication, a draft's save): the browser's locale, to the minute. */
export function formatWhen(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
