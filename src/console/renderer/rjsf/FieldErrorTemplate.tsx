import { errorId, type FieldErrorProps } from '@rjsf/utils';

/** A field's errors, tied to its input by aria-describedby. */
export function FieldErrorTemplate({ errors = [], fieldPathId }: FieldErrorProps) {
  if (errors.length === 0) return null;
  return (
    <ul id={errorId(fieldPathId)} className="space-y-0.5 text-sm text-red-700">
      {errors.map((error, i) => (
        <li key={i}>{error}</li>
      ))}
    </ul>
  );
}
