import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import type { ScreenOf } from '../../../../../schemas/screen';
import { useDataProvider } from '../../../api/DataProviderContext';
import { resourceQueries } from '../../../api/queryOptions';
import type { ApiRow } from '../../core/context';
import { entityOf } from '../../core/entityFields';
import { formPayload } from '../../core/formSchema';
import { at } from '../../core/resolve';
import { fillTemplate, resolveValue } from '../../core/templates';
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
  const id = definition.mode === 'edit' ? (params.id ?? '') : undefined;
  const entity = useMemo(() => entityOf(definition, at(location, definition.entity === undefined ? 'resource' : 'entity')), [definition, location]);
  const record = useQuery({ ...resourceQueries(definition.resource).one(dataProvider, id ?? ''), enabled: id !== undefined });
  const save = useMutation({
    mutationFn: (data: ApiRow) => {
      const withForm = { ...context, form: data };
      const body = { ...formPayload(definition.form, data, withForm), ...(resolveValue(definition.payload ?? {}, withForm) as object) };
      return id === undefined ? dataProvider.create(definition.resource, body) : dataProvider.update(definition.resource, id, body);
    },
    onSuccess: async (saved) => {
      notify(definition.success ?? DEFAULT_SUCCESS);
      await queryClient.invalidateQueries({ queryKey: [definition.resource] });
      if (definition.redirect) navigate(fillTemplate(definition.redirect, { ...context, record: saved as ApiRow }));
    },
    onError: (error) => {
      if (definition.error) notify(definition.error, 'error');
      else if (id === undefined) notify(messageOf(error), 'warning');
      else notify(`Error: ${messageOf(error)}`, 'error');
    },
  });
  return { definition, entity, record, context, id, save };
}

export type FormController = ReturnType<typeof useFormScreen>;
