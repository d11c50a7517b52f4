import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';
import type { Condition, ScreenOf } from '../../../../../schemas/screen';
import { evaluateCondition } from '../../core/conditions';
import { at } from '../../core/resolve';
import { usePageMeta } from '../../parts/usePageMeta';
import { useEvalContext, useScreenScope } from '../../scopeContext';
import { ErrorMessage, Loading } from '../../skin/StatusViews';
import { SIDE_TAB_CLASSES, SUB_TAB_CLASSES, TAB_CLASSES } from '../../skin/tabClasses';
import { ListView } from '../list/ListView';
import { ShowView } from '../show/ShowView';
import { TabForm } from './TabForm';
import { TabsBase } from './TabsBase';
import { useTabsScreen } from './useTabsScreen';

/** Who may not see a tab's body sees its `forbidden` text instead (spec 002: /billing without tenants.billing). */
function TabAccess({ access, forbidden, children }: { access: Condition | undefined; forbidden: string | undefined; children: ReactNode }) {
  const context = useEvalContext();
  if (evaluateCondition(access, context)) return children;
  return (
    <p role="status" className="rounded-lg bg-white p-4 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200">
      {forbidden}
    </p>
  );
}

/**
 * The tabs kind: a tab set whose tabs are lists, show bodies or edit forms of the screen's record (spec 002: a
 * location's Summary, All Devices, Pending Devices; a provider's General, Billing and AI Summary side tabs).
 */
export function TabsScreen({ definition }: { definition: ScreenOf<'tabs'> }) {
  const tabsScreen = useTabsScreen(definition);
  const { location, params } = useScreenScope();
  const { tabs, selected, select, subTabs, selectedSub, selectSub } = tabsScreen;
  usePageMeta(definition, tabsScreen.record.data);
  const tabsAt = at(location, 'tabs');
  const side = definition.tabStyle === 'side';
  return (
    <TabsBase tabs={tabsScreen} loading={<Loading />} error={(error) => <ErrorMessage error={error} />}>
      <TabGroup selectedIndex={selected} onChange={select} vertical={side} className={side ? 'md:flex md:items-start md:gap-6' : undefined}>
        {side ? (
          // Side tabs: a column beside the panel from 768 px, a wrapping row above it on a narrow screen.
          <TabList className="mb-4 flex flex-wrap gap-1 md:sticky md:top-4 md:w-48 md:shrink-0 md:flex-col md:flex-nowrap">
            {tabs.map(({ tab }) => (
              <Tab key={tab.key} className={SIDE_TAB_CLASSES}>
                {tab.label}
              </Tab>
            ))}
          </TabList>
        ) : (
          <TabList className="mb-4 flex gap-1 border-b border-slate-200">
            {tabs.map(({ tab }) => (
              <Tab key={tab.key} className={`${TAB_CLASSES} px-3 py-2`}>
                {tab.label}
              </Tab>
            ))}
          </TabList>
        )}
        <TabPanels className={side ? 'min-w-0 md:flex-1' : undefined}>
          {tabs.map(({ tab, index }) => (
            <TabPanel key={tab.key}>
              <TabAccess access={tab.access} forbidden={tab.forbidden}>
                {tab.form && index === tabs[selected]?.index && (
                  <div className="mb-4">
                    <TabForm screen={definition} tabKey={tab.key} form={tab.form} />
                  </div>
                )}
                {tab.list && (
                  <ListView
                    body={tab.list}
                    location={at(tabsAt, index, 'list')}
                    stateKey={`${definition.id}:${params.id ?? ''}:${tab.key}`}
                    label={tab.label}
                  />
                )}
                {tab.show && <ShowView body={tab.show} location={at(tabsAt, index, 'show')} />}
                {tab.tabs && index === tabs[selected]?.index && (
                  // Sub-tabs (spec 001: the medical history's observations, medications ...), each at its own path.
                  <TabGroup selectedIndex={selectedSub} onChange={selectSub}>
                    <TabList aria-label={tab.label} className="mb-4 flex flex-wrap gap-1 rounded-md bg-slate-100 p-1">
                      {subTabs.map(({ tab: sub }) => (
                        <Tab key={sub.key} className={SUB_TAB_CLASSES}>
                          {sub.label}
                        </Tab>
                      ))}
                    </TabList>
                    <TabPanels>
                      {subTabs.map(({ tab: sub, index: subIndex }) => (
                        <TabPanel key={sub.key}>
                          {sub.list && (
                            <ListView
                              body={sub.list}
                              location={at(tabsAt, index, 'tabs', subIndex, 'list')}
                              stateKey={`${definition.id}:${params.id ?? ''}:${tab.key}/${sub.key}`}
                              label={sub.label}
                            />
                          )}
                          {sub.show && <ShowView body={sub.show} location={at(tabsAt, index, 'tabs', subIndex, 'show')} />}
                        </TabPanel>
                      ))}
                    </TabPanels>
                  </TabGroup>
                )}
              </TabAccess>
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </TabsBase>
  );
}
