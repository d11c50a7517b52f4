import { useLocation } from 'wouter';
import type { ApiRow } from '../../core/context';
import { formInitialData } from '../../core/formSchema';
import { at } from '../../core/resolve';
import { fillTemplate } from '../../core/templates';
import { ActionBar } from '../../parts/ActionBar';
import { LazySchemaForm } from '../../rjsf/LazySchemaForm';
import { ScopeContext, useScreenScope } from '../../scopeContext';
import { ErrorMessage, Loading } from '../../skin/StatusViews';
import { FormBase } from './FormBase';
import type { FormController } from './useFormScreen';

interface FormViewProps {
  form: FormController;
  /** What tells this form's draft from the screen's other forms (a tab's key); the screen's id and the record's by default. */
  draftKey?: string;
}

/** A form wherever a definition puts one: a form screen, or a tab's edit form of the screen's record. */
export function FormView({ form, draftKey }: FormViewProps) {
  const { definition } = form;
  const scope = useScreenScope();
  const record = form.record.data as ApiRow | undefined;
  const [, navigate] = useLocation();
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
      <div className={`${definition.form.sections ? 'max-w-5xl' : 'max-w-2xl'} rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6`}>
        <LazySchemaForm
          form={definition.form}
          entity={form.entity}
          initialData={formInitialData(definition.form, record)}
          draftKey={draftKey ?? `${scope.screenId}:${form.id ?? 'new'}`}
          context={form.context}
          onSubmit={(data) => form.save.mutateAsync(data)}
          blockLeaving
          {...(definition.back ? { onCancel: () => navigate(fillTemplate(definition.back ?? '', form.context)), cancelLabel: 'Back' } : {})}
        />
      </div>
    </FormBase>
  );
}
