import type { UiSchema } from '@rjsf/utils';
import { formValidator as validator } from '../validation/ajv';
import { Button } from '../../ui/Button';
import { useScreenRegistries, useWritesRefused } from '../environmentContext';
import { ThemedForm } from './theme';
import { DEFAULT_FORM_STATE_BEHAVIOR, useSchemaForm, type SchemaFormOptions } from './useSchemaForm';
import type { ApiRow } from '../core/context';
import { formUiSchema } from '../core/formSchema';
import { FormGenerators } from './FormGenerators';
import { FormNotices } from './FormNotices';

interface SchemaFormProps extends SchemaFormOptions {
  submitLabel?: string | undefined;
  /** The label of the button that leaves the form: Cancel by default, Back on a page of its own. */
  cancelLabel?: string | undefined;
}

/** A definition's form in our RJSF theme, its notices above the fields, with Save (enabled once changed), Cancel (or Back) and its generators' buttons. */
export function SchemaForm(props: SchemaFormProps) {
  const state = useSchemaForm(props);
  const registries = useScreenRegistries();
  const writesRefused = useWritesRefused();
  return (
    <>
      {/* A generator reads the form as filled so far (`form.type`) and fills some of its fields, keeping the others. */}
      <FormGenerators generators={props.form.generators} context={state.formContext.context} onFill={(fill) => state.change({ ...state.data, ...fill })} />
      <FormNotices notices={props.form.notices} context={state.formContext.context} />
      <ThemedForm
        widgets={registries.rjsfWidgets}
        fields={registries.rjsfFields}
        schema={state.schema}
        uiSchema={formUiSchema(props.form.uiSchema, state.schema, props.form.sections, registries.labels) as UiSchema}
        formData={state.data}
        formContext={state.formContext}
        validator={validator}
        transformErrors={state.transformErrors}
        customValidate={state.customValidate}
        showErrorList={false}
        noHtml5Validate
        experimental_defaultFormStateBehavior={DEFAULT_FORM_STATE_BEHAVIOR}
        onChange={(event) => state.change((event.formData ?? {}) as ApiRow)}
        onSubmit={(event) => void state.submit((event.formData ?? {}) as ApiRow)}
      >
        <div className="mt-6 flex justify-end gap-2">
          {props.onCancel && <Button onClick={state.cancel}>{props.cancelLabel ?? 'Cancel'}</Button>}
          <Button type="submit" variant="primary" disabled={!state.canSave || writesRefused !== undefined} disabledReason={writesRefused}>
            {props.submitLabel ?? props.form.submitLabel ?? 'Save'}
          </Button>
        </div>
      </ThemedForm>
    </>
  );
}
