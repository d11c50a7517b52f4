import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider } from '../../api/DataProviderContext';
import type { ApiRow } from '../../renderer/core/context';
import { plainText } from '../../renderer/core/format';
import { useNotify } from '../../renderer/skin/toasts';
import { pricingBody, pricingSaveError, pricingValueError, type PricingField } from './feePricingEdit';

const DEFAULT_SUCCESS = 'Changes saved';
const asText = (value: unknown) => (value === null || value === undefined ? '' : plainText(value));

/**
 * The controller of a pricing row's field edited in place: the text as typed, its check, and the save when
 * the field is left or Enter is pressed (PUT `path` with `{id, negotiated_price, volume_threshold}`), with
 * 'Changes saved' or 'Unable to save changes: {message}' (spec 002 section 8).
 */
export function useFeePricingEdit(path: string, row: ApiRow, field: PricingField) {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [text, setText] = useState<string>();
  const shown = text ?? asText(row[field]);
  const error = pricingValueError(field, shown);
  const save = useMutation({
    mutationFn: (typed: string) => dataProvider.request(path, { method: 'PUT', body: JSON.stringify(pricingBody(row, field, typed)) }),
    onSuccess: async () => {
      notify(DEFAULT_SUCCESS);
      setText(undefined);
      await queryClient.invalidateQueries();
    },
    onError: (failure) => notify(pricingSaveError(failure.message), 'error'),
  });
  return {
    text: shown,
    error,
    saving: save.isPending,
    setText,
    commit: () => {
      if (text === undefined || text === asText(row[field]) || error !== undefined || save.isPending) return;
      save.mutate(text);
    },
  };
}
