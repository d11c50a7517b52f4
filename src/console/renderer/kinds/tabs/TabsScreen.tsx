import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ScreenOf } from '../../../../../schemas/screen';
import { at } from '../../core/resolve';
import { usePageMeta } from '../../parts/usePageMeta';
import { useScreenScope } from '../../scopeContext';
import { ErrorMessage, Loading } from '../../skin/StatusViews';
import { SUB_TAB_CLASSES, TAB_CLASSES } from '../../skin/tabClasses';
import { ListView } from '../list/ListView';
import { ShowView } from '../show/ShowView';
import { TabsBase } from './TabsBase';
import { useTabsScreen } from './useTabsScreen';

/** The tabs kind: a tab set whose tabs are lists or show bodies (spec 002: a location's Summary, All Devices, Pending Devices). */
export function TabsScreen({ definition }: { definition: ScreenOf<'tabs'> }) {
  const tabsScreen = useTabsScreen(definition);
  const { location, params } = useScreenScope();
  const { tabs, selected, select, subTabs, selectedSub, selectSub } = tabsScreen;
  usePageMeta(definition, tabsScreen.record.data);
  const tabsAt = at(location, 'tabs');
  return (
    <TabsBase tabs={tabsScreen} loading={<Loading />} error={(error) => <ErrorMessage error={error} />}>
      <TabGroup selectedIndex={selected} onChange={select}>
        <TabList className="mb-4 flex gap-1 border-b border-slate-200">
          {tabs.map(({ tab }) => (
            <Tab key={tab.key} className={`${TAB_CLASSES} px-3 py-2`}>
              {tab.label}
            </Tab>
          ))}
        </TabList>
        <TabPanels>
          {tabs.map(({ tab, index }) => (
            <TabPanel key={tab.key}>
              {tab.list && (
                <ListView body={tab.list} location={at(tabsAt, index, 'list')} stateKey={`${definition.id}:${params.id ?? ''}:${tab.key}`} label={tab.label} />
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
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </TabsBase>
  );
}
