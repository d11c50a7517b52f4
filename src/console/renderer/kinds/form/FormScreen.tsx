import type { ScreenOf } from '../../../../../schemas/screen';
import { usePageMeta } from '../../parts/usePageMeta';
import { FormView } from './FormView';
import { useFormScreen } from './useFormScreen';

/** The form kind: create or edit one record with an RJSF form over its entity schema. */
export function FormScreen({ definition }: { definition: ScreenOf<'form'> }) {
  const form = useFormScreen(definition);
  usePageMeta(definition, form.record.data);
  return <FormView form={form} />;
}
