import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { evaluateCondition } from '../../../renderer/core/conditions';
import { timeZoneOf } from '../../../renderer/core/context';
import type { OptionsOf } from '../../../renderer/registries/registryEntry';
import { useEvalContext } from '../../../renderer/scopeContext';
import { TAB_CLASSES } from '../../../renderer/skin/tabClasses';
import { ActivateCarePlanDialog } from './ActivateCarePlanDialog';
import { ActiveCarePlanPanel } from './ActiveCarePlanPanel';
import { AllCarePlansPanel } from './AllCarePlansPanel';
import { CarePlanHistoryDialog } from './CarePlanHistoryDialog';
import { CARE_PLAN_TEXTS } from './carePlanRecords';
import { CreateCarePlanDialog } from './CreateCarePlanDialog';
import { EditCarePlanDialog } from './EditCarePlanDialog';
import { CARE_PLAN_TABS, useCarePlans } from './useCarePlans';
import { ViewCarePlanDialog } from './ViewCarePlanDialog';
import type { carePlansOptions } from './CarePlansWidget.options';

const TAB_LABELS = { active: CARE_PLAN_TEXTS.activeTab, all: CARE_PLAN_TEXTS.allTab } as const;

/**
 * The patient's care plans (spec 001 sections 2 to 4), on the screen's record: the 'Active Care Plan'
 * tab (the plan's facts, Review Without Changes, Edit, History and its 12 sections, or 'No Active Care
 * Plan' with Create Care Plan) and 'All Care Plans' (the 10 newest, with View, and Activate and Edit
 * on drafts). `editWhen` is the condition under which the user may create, activate, review and edit
 * (always when absent); the others only read.
 */
export function CarePlansWidget({ options }: { options: OptionsOf<typeof carePlansOptions> }) {
  const context = useEvalContext();
  const carePlans = useCarePlans(context.record);
  const canWrite = evaluateCondition(options.editWhen, context);
  const timeZone = timeZoneOf(context);
  if (carePlans.patientId === undefined) return null;
  const panel = { carePlans, canWrite, timeZone };
  return (
    <div>
      <TabGroup selectedIndex={CARE_PLAN_TABS.indexOf(carePlans.tab)} onChange={(index) => carePlans.setTab(CARE_PLAN_TABS[index] ?? 'active')}>
        <TabList aria-label="Care plans" className="mb-4 flex gap-1 overflow-x-auto border-b border-slate-200">
          {CARE_PLAN_TABS.map((tab) => (
            <Tab key={tab} className={`${TAB_CLASSES} whitespace-nowrap px-3 py-2`}>
              {TAB_LABELS[tab]}
            </Tab>
          ))}
        </TabList>
        <TabPanels>
          <TabPanel className="focus-visible:outline-2 focus-visible:outline-blue-600">
            <ActiveCarePlanPanel {...panel} />
          </TabPanel>
          <TabPanel className="focus-visible:outline-2 focus-visible:outline-blue-600">
            <AllCarePlansPanel {...panel} />
          </TabPanel>
        </TabPanels>
      </TabGroup>
      {canWrite && <CreateCarePlanDialog carePlans={carePlans} />}
      {canWrite && <EditCarePlanDialog carePlans={carePlans} />}
      {canWrite && <ActivateCarePlanDialog carePlans={carePlans} />}
      <ViewCarePlanDialog carePlans={carePlans} timeZone={timeZone} />
      <CarePlanHistoryDialog carePlans={carePlans} timeZone={timeZone} />
    </div>
  );
}
