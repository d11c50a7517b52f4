import { useQuery } from '@tanstack/react-query';
import { useAtom, type PrimitiveAtom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { useMemo, useState } from 'react';
import type { PanelDefinition } from '../../../../../schemas/screen';
import { useDataProvider } from '../../../api/DataProviderContext';
import type { Filter } from '../../../api/dataProvider.utils';
import { resourceQueries } from '../../../api/queryOptions';
import { evaluateCondition } from '../../core/conditions';
import type { EvalContext } from '../../core/context';
import { resolveValue } from '../../core/templates';

/** The panel's largest width, in percent of the record area: the record keeps at least half. */
export const PANEL_MAX_SIZE = 50;
const DEFAULT_SIZE = 25;
const DEFAULT_MIN_SIZE = 20;
/** Badge counts above this show as "99+" (spec 001, the open-tasks badge). */
const DEFAULT_BADGE_MAX = 99;

interface PanelLayout {
  collapsed: boolean;
  size: number;
}
/** One stored layout per screen: the user's width and collapsed state stay across visits and reloads. */
const layouts = new Map<string, PrimitiveAtom<PanelLayout>>();
function layoutAtom(key: string, initial: PanelLayout) {
  let found = layouts.get(key);
  if (!found) layouts.set(key, (found = atomWithStorage<PanelLayout>(`care-console:panel:${key}`, initial, undefined, { getOnInit: true })));
  return found;
}

export const clampSize = (size: number, min: number) => Math.round(Math.min(PANEL_MAX_SIZE, Math.max(min, size)) * 10) / 10;

/** "7", or "99+" above the maximum. */
export const badgeText = (count: number, max: number) => (count > max ? `${max}+` : String(count));

/**
 * The headless state of a record's side panel: the tabs the caller may see, the one open, the
 * width (clamped between the minimum and 50 %), collapsed or not, and the badge's count.
 */
export function useRecordPanel(panel: PanelDefinition, context: EvalContext, storageKey: string) {
  const dataProvider = useDataProvider();
  const minSize = panel.minSize ?? DEFAULT_MIN_SIZE;
  const defaultSize = panel.defaultSize ?? DEFAULT_SIZE;
  const [layout, setLayout] = useAtom(layoutAtom(storageKey, { collapsed: false, size: defaultSize }));
  const tabs = useMemo(() => panel.tabs.filter((tab) => evaluateCondition(tab.visibleWhen, context)), [panel.tabs, context]);
  const defaultIndex = useMemo(() => {
    const rule = (panel.defaultTab ?? []).find((candidate) => tabs.some((tab) => tab.key === candidate.tab) && evaluateCondition(candidate.when, context));
    return Math.max(0, rule ? tabs.findIndex((tab) => tab.key === rule.tab) : 0);
  }, [panel.defaultTab, tabs, context]);
  const [chosen, setChosen] = useState<string | undefined>();
  const selected = Math.max(0, chosen === undefined ? defaultIndex : tabs.findIndex((tab) => tab.key === chosen));

  const badge = panel.badge;
  const badgeShown = badge !== undefined && evaluateCondition(badge.visibleWhen, context);
  const filter = badge ? (resolveValue(badge.filter ?? {}, context) as Filter) : {};
  const count = useQuery({
    ...resourceQueries(badge?.resource ?? '').list(dataProvider, { filter, pagination: { page: 1, perPage: 1 } }),
    enabled: badgeShown,
  });

  return {
    tabs,
    selected: Math.min(selected, Math.max(0, tabs.length - 1)),
    select: (index: number) => setChosen(tabs[index]?.key),
    collapsed: layout.collapsed,
    setCollapsed: (collapsed: boolean) => setLayout({ ...layout, collapsed }),
    size: clampSize(layout.size, minSize),
    minSize,
    resize: (size: number) => setLayout({ ...layout, size: clampSize(size, minSize) }),
    // Nothing to count, no badge: a red zero would only draw the eye.
    badge:
      badgeShown && badge && count.data && count.data.total > 0
        ? { label: badge.label, text: badgeText(count.data.total, badge.max ?? DEFAULT_BADGE_MAX), count: count.data.total }
        : undefined,
  };
}
