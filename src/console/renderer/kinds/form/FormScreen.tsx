import { useLocation } from 'wouter';
import type { ScreenOf } from '../../../../../schemas/screen';
import type { ApiRow } from '../../core/context';
import { formInitialData } from '../../core/formSchema';
import { at } from '../../core/resolve';
import { fillTemplate } from '../../core/templates';
import { ActionBar } from '../../parts/ActionBar';
import { usePageMeta } from '../../parts/usePageMeta';
import { SchemaForm } from '../../rjsf/SchemaForm';
import { ScopeContext, useScreenScope } from '../../scopeContext';
import { ErrorMessage, Loading } from '../../skin/StatusViews';
import { FormBase } from './FormBase';
import { useFormScreen } from './useFormScreen';

/** The form kind: create or edit one record with an RJSF form over its entity schema. */
export function FormScreen({ definition }: { definition: ScreenOf<'form'> }) {
  const form = useFormScreen(definition);
  const scope = useScreenScope();
  const { screenId } = scope;
  const record = form.record.data as ApiRow | undefined;
  const [, navigate] = useLocation();
  usePageMeta(definition, record);
  return (
    <FormBase form={form} loading={<Loading />} error={(error) => <ErrorMessage error={error} />}>
      {record && definition.actions && (
        // The record's actions (Disable User) read and act on the record being edited.
        <ScopeContext.Provider value={{ ...scope, record }}>
          <div className="mb-4">
            <ActionBar actions={definition.actions} resource={definition.resource} location={at(scope.location, 'actions')} label="Actions" />
          </div>
        </ScopeContext.Provider>
      )}
      {/* A sectioned form is a long clinical form: its sections sit side by side in two or three columns. */}
      <div className={`${definition.form.sections ? 'max-w-5xl' : 'max-w-2xl'} rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200`}>
        <SchemaForm
          form={definition.form}
          entity={form.entity}
          initialData={formInitialData(definition.form, record)}
          draftKey={`${screenId}:${form.id ?? 'new'}`}
          context={form.context}
          onSubmit={(data) => form.save.mutateAsync(data)}
          blockLeaving
          {...(definition.back ? { onCancel: () => navigate(fillTemplate(definition.back ?? '', form.context)), cancelLabel: 'Back' } : {})}
        />
      </div>
    </FormBase>
  );
}
