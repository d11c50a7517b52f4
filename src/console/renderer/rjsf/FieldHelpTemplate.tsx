import { helpId, type FieldHelpProps } from '@rjsf/utils';

/** A field's help (`ui:help`) as a small hint under it, tied to its input by aria-describedby. */
export function FieldHelpTemplate({ help, fieldPathId }: FieldHelpProps) {
  if (!help) return null;
  return (
    <p id={helpId(fieldPathId)} className="text-xs text-slate-500">
      {help}
    </p>
  );
}
