import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useRef, type CSSProperties, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import type { PanelDefinition } from '../../../../../schemas/screen';
import { plainText } from '../../core/format';
import { at, type DefinitionLocation } from '../../core/resolve';
import { WidgetSlot } from '../../parts/WidgetSlot';
import { useEvalContext, useScreenScope } from '../../scopeContext';
import { TAB_CLASSES } from '../../skin/tabClasses';
import { ListView } from '../list/ListView';
import { PANEL_MAX_SIZE, useRecordPanel } from './useRecordPanel';

interface RecordPanelProps {
  panel: PanelDefinition;
  location: DefinitionLocation;
  /** The element the panel's width is a percentage of. */
  container: RefObject<HTMLElement | null>;
}

/**
 * A record's side panel: a separator to drag (or move with the arrow keys) between the minimum
 * and 50 %, a button to collapse it to a strip that keeps only the badge, and its tabs. Under
 * 768 px it sits below the record at full width, without the separator.
 */
export function RecordPanel({ panel, location, container }: RecordPanelProps) {
  const context = useEvalContext();
  const { screenId, record } = useScreenScope();
  const state = useRecordPanel(panel, context, screenId);
  const dragging = useRef(false);

  const sizeAt = (clientX: number) => {
    const box = container.current?.getBoundingClientRect();
    return box && box.width > 0 ? ((box.right - clientX) / box.width) * 100 : state.size;
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    dragging.current = true;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) state.resize(sizeAt(event.clientX));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 5 : 1;
    const next = { ArrowLeft: state.size + step, ArrowRight: state.size - step, Home: PANEL_MAX_SIZE, End: state.minSize }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    state.resize(next);
  };

  const badge = state.badge && (
    <span
      className="inline-flex min-w-6 justify-center rounded-full bg-red-600 px-1.5 py-0.5 text-xs font-semibold text-white"
      aria-label={`${state.badge.label}: ${state.badge.text}`}
      title={state.badge.label}
    >
      {state.badge.text}
    </span>
  );

  if (state.collapsed) {
    return (
      <aside
        aria-label={panel.label}
        className="flex w-10 shrink-0 flex-col items-center gap-2 rounded-lg bg-white py-2 shadow-sm ring-1 ring-slate-200 max-md:w-full max-md:flex-row max-md:px-2"
      >
        <button
          type="button"
          aria-expanded="false"
          aria-label={`Expand ${panel.label}`}
          title={`Expand ${panel.label}`}
          onClick={() => state.setCollapsed(false)}
          className="rounded p-1 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          «
        </button>
        {badge}
      </aside>
    );
  }

  return (
    <>
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={`Resize ${panel.label}`}
        aria-valuenow={state.size}
        aria-valuemin={state.minSize}
        aria-valuemax={PANEL_MAX_SIZE}
        tabIndex={0}
        className="hidden w-1.5 shrink-0 cursor-col-resize self-stretch md:block rounded bg-slate-200 hover:bg-blue-300 focus-visible:bg-blue-500 focus-visible:outline-none"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (dragging.current = false)}
        onKeyDown={onKeyDown}
      />
      <aside
        aria-label={panel.label}
        style={{ '--panel-size': `${state.size}%` } as CSSProperties}
        className="w-full shrink-0 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200 md:w-[var(--panel-size)]"
      >
        <TabGroup selectedIndex={state.selected} onChange={state.select}>
          <div className="mb-3 flex items-center gap-2 border-b border-slate-200">
            <TabList className="flex flex-1 flex-wrap gap-1">
              {state.tabs.map((tab) => (
                <Tab key={tab.key} className={`${TAB_CLASSES} px-2 py-1.5`}>
                  {tab.label}
                </Tab>
              ))}
            </TabList>
            {badge}
            <button
              type="button"
              aria-expanded="true"
              aria-label={`Collapse ${panel.label}`}
              title={`Collapse ${panel.label}`}
              onClick={() => state.setCollapsed(true)}
              className="rounded p-1 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              »
            </button>
          </div>
          <TabPanels>
            {state.tabs.map((tab) => {
              const index = panel.tabs.indexOf(tab);
              const here = at(location, 'tabs', index);
              return (
                <TabPanel key={tab.key}>
                  {/* A tab with both: the widget heads its list (the Activity tab's activities to run, then the runs). */}
                  {tab.widget && <WidgetSlot widget={tab.widget} location={at(here, 'widget')} />}
                  {tab.list && (
                    <ListView
                      body={tab.list}
                      location={at(here, 'list')}
                      stateKey={`${screenId}:${plainText(record?.id ?? '')}:panel:${tab.key}`}
                      label={tab.label}
                    />
                  )}
                </TabPanel>
              );
            })}
          </TabPanels>
        </TabGroup>
      </aside>
    </>
  );
}
