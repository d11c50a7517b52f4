import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import type { ScreenOf } from '../../../../../schemas/screen';
import { useDataProvider } from '../../../api/DataProviderContext';
import { resourceQueries } from '../../../api/queryOptions';
import type { ApiRow } from '../../core/context';
import { entityOf } from '../../core/entityFields';
import { sentValues } from '../../core/fieldRules';
import { formInitialData, formPayload } from '../../core/formSchema';
import { resultText } from '../../core/resultText';
import { at } from '../../core/resolve';
import { fillTemplate, resolveValue } from '../../core/templates';
import { useScreenRegistries } from '../../environmentContext';
import { DEFAULT_SUCCESS } from '../../registries/actions/useSendAction';
import { useEvalContext, useScreenScope } from '../../scopeContext';
import { useNotify } from '../../skin/toasts';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The controller of a form screen: the record being edited (none when creating), its entity, and
 * the save: POST or PUT with the form's values and the definition's payload, then the success
 * text and the redirect; a failed create is a warning with its message ('Device already exists.').
 */
export function useFormScreen(definition: ScreenOf<'form'>) {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [, navigate] = useLocation();
  const { params, location } = useScreenScope();
  const context = useEvalContext();
  const registries = useScreenRegistries();
  const id = definition.mode === 'edit' ? (params.id ?? '') : undefined;
  const entity = useMemo(
    () => entityOf(definition, at(location, definition.entity === undefined ? 'resource' : 'entity'), registries),
    [definition, location, registries],
  );
  const record = useQuery({ ...resourceQueries(definition.resource).one(dataProvider, id ?? ''), enabled: id !== undefined });
  const save = useMutation({
    mutationFn: (data: ApiRow) => {
      const values = sentValues(definition.form, data, registries.fieldRules);
      const withForm = { ...context, form: values };
      // On an edit, what the record had tells the fields the user emptied (sent as null with stripEmpty).
      const initial = id === undefined ? undefined : formInitialData(definition.form, record.data);
      const body = { ...formPayload(definition.form, values, withForm, initial), ...(resolveValue(definition.payload ?? {}, withForm) as object) };
      return id === undefined ? dataProvider.create(definition.resource, body) : dataProvider.update(definition.resource, id, body);
    },
    onSuccess: async (saved) => {
      const toast = resultText(definition.success, { ...context, response: saved });
      notify(toast?.message ?? DEFAULT_SUCCESS, toast?.tone);
      // Every query is stale now: a create under a sub-path (devices/bulk) changes the resource's lists too.
      await queryClient.invalidateQueries();
      if (definition.redirect) navigate(fillTemplate(definition.redirect, { ...context, record: saved }));
    },
    onError: (error) => {
      if (definition.error) notify(definition.error, 'error');
      else if (definition.errorFallback !== undefined) {
        // The server's message as it is (spec 001 section 8, edit patient), then the record as it now is.
        notify(messageOf(error) || definition.errorFallback, id === undefined ? 'warning' : 'error');
        if (id !== undefined) void record.refetch();
      } else if (id === undefined) notify(messageOf(error), 'warning');
      else notify(`Error: ${messageOf(error)}`, 'error');
    },
  });
  return { definition, entity, record, context, id, save };
}

export type FormController = ReturnType<typeof useFormScreen>;
