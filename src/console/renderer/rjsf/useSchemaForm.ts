import { createSchemaUtils, type FormValidation, type RJSFSchema } from '@rjsf/utils';
import { formValidator as validator } from '../validation/ajv';
import { useMemo, useState } from 'react';
import type { FormDefinition } from '../../../../schemas/screen';
import { useNavigationBlocker } from '../../navigation/useNavigationBlocker';
import type { ApiRow, EvalContext } from '../core/context';
import type { SchemaNode } from '../core/entityFields';
import { checkFieldRules, shownValues } from '../core/fieldRules';
import { withoutHiddenGroups } from '../core/formLayout';
import { transformFormErrors } from '../core/formMessages';
import { formJsonSchema } from '../core/formSchema';
import { useFormDrafts, useScreenRegistries } from '../environmentContext';
import type { SchemaFormContext } from './formContext';

export interface SchemaFormOptions {
  form: FormDefinition;
  entity: SchemaNode;
  initialData: ApiRow;
  /** Drafts are kept per key in the environment's draft storage until saved or cancelled. */
  draftKey: string;
  context: EvalContext;
  onSubmit: (data: ApiRow) => Promise<unknown>;
  onCancel?: (() => void) | undefined;
  /**
   * A form that is a page of its own: leaving it with unsaved changes asks first (a link, back,
   * closing the tab); its Cancel, its save and its redirect leave without asking. A dialog's form
   * is left by the dialog's own buttons.
   */
  blockLeaving?: boolean | undefined;
}

/**
 * RJSF fills a `const` in as a default, which would tick a confirmation box (const true) or choose
 * the first of a oneOf's values before the user does; our forms never want that.
 */
export const DEFAULT_FORM_STATE_BEHAVIOR = { constAsDefaults: 'never' } as const;

/**
 * JSON equality that ignores undefined members (an emptied field is no change) and the order of an
 * object's keys: the database gives a JSON column's keys in its own order (jsonb: shortest first), the
 * form's defaults put them in the schema's, and neither is a change.
 */
const comparable = (value: unknown) =>
  JSON.stringify(value ?? {}, (_, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );

/**
 * The state of a definition's form: its values (restored from a draft), the JSON Schema of what
 * is visible now, whether it changed (the save button's rule, spec 000 section 5), and submit/cancel.
 */
export function useSchemaForm({ form, entity, initialData: record, draftKey, context, onSubmit, onCancel, blockLeaving }: SchemaFormOptions) {
  const formDrafts = useFormDrafts();
  const { fieldRules } = useScreenRegistries();
  // The record's values as the form shows them (read once, as the state below is).
  const [initialData] = useState(() => shownValues(form, record, fieldRules));
  const [data, setData] = useState<ApiRow>(() => formDrafts.load(draftKey) ?? initialData);
  const [submitting, setSubmitting] = useState(false);
  const withForm = useMemo(() => ({ ...context, form: data }), [context, data]);
  const schema = useMemo(() => formJsonSchema(form, entity, withForm) as RJSFSchema, [form, entity, withForm]);
  const [baseline, setBaseline] = useState(() =>
    comparable(createSchemaUtils(validator, schema, DEFAULT_FORM_STATE_BEHAVIOR).getDefaultFormState(schema, initialData)),
  );
  const changed = comparable(data) !== baseline;
  // While saving nothing is held: the save's redirect is the user's own move.
  const leave = useNavigationBlocker(blockLeaving === true && changed && !submitting);
  const formContext: SchemaFormContext = useMemo(() => ({ context: withForm }), [withForm]);
  const transformErrors = useMemo(() => transformFormErrors(form, fieldRules), [form, fieldRules]);
  // A hidden group's fields keep what was typed, but are neither checked nor sent.
  const customValidate = useMemo(() => {
    const check = checkFieldRules(form, fieldRules);
    return <T>(values: T | undefined, errors: FormValidation<T>) => check(withoutHiddenGroups(form, values, context), errors);
  }, [form, fieldRules, context]);

  return {
    schema,
    data,
    formContext,
    transformErrors,
    customValidate,
    submitting,
    canSave: !submitting && (changed || form.alwaysEnabled === true),
    change: (next: ApiRow) => {
      setData(next);
      formDrafts.save(draftKey, next);
    },
    submit: async (next: ApiRow) => {
      setSubmitting(true);
      try {
        await onSubmit(next);
        formDrafts.clear(draftKey);
        // What was saved is the new starting point: a form that stays open is unchanged again.
        setBaseline(comparable(next));
      } catch {
        // The caller has told the user (a toast); the values stay for another try.
      } finally {
        setSubmitting(false);
      }
    },
    cancel: () => {
      formDrafts.clear(draftKey);
      leave(() => onCancel?.());
    },
  };
}
