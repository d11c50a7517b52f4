import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import type { ListBody } from '../../../../../schemas/screen';
import { useDataProvider } from '../../../api/DataProviderContext';
import { evaluateCondition } from '../../core/conditions';
import { timeZoneOf, type ApiRow } from '../../core/context';
import { presetNow } from '../../core/datePresets';
import { entityOf } from '../../core/entityFields';
import { resolveFieldView, resolveFilter, resolveSearchFields } from '../../core/fieldViews';
import { missingFilters } from '../../core/filterValues';
import { initialListState, listPlan, PAGE_SIZES } from '../../core/listPlan';
import { withToggle } from '../../core/listToggle';
import { at, type DefinitionLocation } from '../../core/resolve';
import { fillTemplate } from '../../core/templates';
import { useScreenRegistries } from '../../environmentContext';
import { useEvalContext } from '../../scopeContext';
import { listPageQuery } from './listPageQuery';
import { useListState } from './listAtoms';
import { useAddressedListState } from './useAddressedListState';
import { usePreferenceToggle } from './usePreferenceToggle';

/**
 * The controller of a list: its state (reducer in jotai), the request it makes, the page it got,
 * the visible columns and filters, and the rules of selection and row click. Renders nothing.
 * `location` is where the list's body sits in its definition. A list screen (`addressed`) keeps its
 * state in the address; a list inside a record, of which a page may show several, keeps it in
 * memory under `stateKey`, so that it is as the user left it when they come back to the record.
 */
export function useListScreen(body: ListBody, location: DefinitionLocation, stateKey: string, addressed = false) {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const screenContext = useEvalContext();
  const registries = useScreenRegistries();
  const entity = useMemo(() => entityOf(body, at(location, 'resource'), registries), [body, location, registries]);
  const searchFields = useMemo(() => resolveSearchFields(body, entity), [body, entity]);
  const initial = () => initialListState(body, searchFields, presetNow(timeZoneOf(screenContext)));
  const inMemory = useListState(stateKey, initial);
  const inAddress = useAddressedListState(body, initial, searchFields, addressed);
  const [state, dispatch] = addressed ? inAddress : inMemory;
  const [toggleOn, setToggle] = usePreferenceToggle(body.toggle);
  // Columns and filters may depend on the list itself: the review status of the chosen view.
  const context = useMemo(() => ({ ...screenContext, list: { tab: state.tab, filters: state.filters } }), [screenContext, state.tab, state.filters]);

  const columns = useMemo(
    () =>
      body.columns
        .map((column, index) => ({ view: resolveFieldView(column, entity), location: at(location, 'columns', index) }))
        .filter(({ view }) => evaluateCondition(view.visibleWhen, context)),
    [body, entity, location, context],
  );
  const filters = useMemo(
    () =>
      (body.filters ?? [])
        .map((filter, index) => ({ filter: resolveFilter(filter, entity, registries.labels), location: at(location, 'filters', index) }))
        .filter(({ filter }) => evaluateCondition(filter.visibleWhen, context)),
    [body, entity, location, context, registries.labels],
  );
  const plan = useMemo(
    () => withToggle(listPlan(body, state, searchFields, context), body.toggle, toggleOn, context),
    [body, state, searchFields, context, toggleOn],
  );
  const missing = missingFilters(body.requiresFilter?.fields, state.filters);
  const facts = useMemo(() => ({ ...context.list, request: plan.params.filter ?? {} }), [context.list, plan.params.filter]);

  const query = useQuery({
    ...listPageQuery(body.resource, plan).options(
      dataProvider,
      queryClient,
      columns.map(({ view }) => view),
    ),
    placeholderData: keepPreviousData,
    // A list that requires a filter (the enrollment queue's date range) asks nothing without it.
    enabled: missing.length === 0,
  });

  // Every row the list has shown, by id: a selection may span pages, and a bulk action may send a
  // field of each selected row rather than its id (`idPath`).
  const seen = useRef(new Map<unknown, ApiRow>());
  for (const row of (query.data?.data ?? []) as ApiRow[]) seen.current.set(row.id, row);

  const total = query.data?.total ?? 0;
  const selection = body.selection;
  return {
    body,
    location,
    state,
    dispatch,
    query,
    plan,
    columns,
    filters,
    searchFields,
    /** The definition's requiresFilter is not met: the list shows its text and sends nothing. */
    blocked: missing.length > 0,
    /** What the list's actions and templates read of it (`list.filters.tenant_id`, `{list.request|json}`). */
    facts,
    toggle: {
      on: toggleOn,
      set: (on: boolean) => {
        setToggle(on);
        dispatch({ type: 'setPage', page: 1 });
      },
    },
    total,
    pageSizes: PAGE_SIZES as readonly number[],
    pageCount: Math.max(1, Math.ceil(total / state.perPage)),
    /** A row the list has shown, by its id. */
    rowOf: (id: unknown) => seen.current.get(id),
    /** Only where the definition allows selection, and only rows its condition accepts. */
    isSelectable: selection ? (row: ApiRow) => evaluateCondition(selection.selectableWhen, { ...context, record: row }) : undefined,
    /**
     * Where a row leads: `rowClick` where `rowClickWhen` holds, else `rowClickElse` (or nowhere
     * without one); undefined where the definition has no row click.
     */
    rowHref: body.rowClick
      ? (row: ApiRow) => {
          const scope = { ...context, record: row };
          const target = evaluateCondition(body.rowClickWhen, scope) ? body.rowClick : body.rowClickElse;
          return target === undefined ? undefined : fillTemplate(target, scope);
        }
      : undefined,
  };
}

export type ListController = ReturnType<typeof useListScreen>;
