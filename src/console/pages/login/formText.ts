/** The text a submitted form holds under `name`; '' when it has no such field (or a file there). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
