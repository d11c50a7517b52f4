import type { ScreenOf } from '../../../../../schemas/screen';
import type { ApiRow } from '../../core/context';
import { formInitialData } from '../../core/formSchema';
import { usePageMeta } from '../../parts/usePageMeta';
import { SchemaForm } from '../../rjsf/SchemaForm';
import { useScreenScope } from '../../scopeContext';
import { ErrorMessage, Loading } from '../../skin/StatusViews';
import { FormBase } from './FormBase';
import { useFormScreen } from './useFormScreen';

/** The form kind: create or edit one record with an RJSF form over its entity schema. */
export function FormScreen({ definition }: { definition: ScreenOf<'form'> }) {
  const form = useFormScreen(definition);
  const { screenId } = useScreenScope();
  const record = form.record.data as ApiRow | undefined;
  usePageMeta(definition, record);
  return (
    <FormBase form={form} loading={<Loading />} error={(error) => <ErrorMessage error={error} />}>
      <div className="max-w-2xl rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <SchemaForm
          form={definition.form}
          entity={form.entity}
          initialData={formInitialData(definition.form, record)}
          draftKey={`${screenId}:${form.id ?? 'new'}`}
          context={form.context}
          onSubmit={(data) => form.save.mutateAsync(data)}
        />
      </div>
    </FormBase>
  );
}
