import { useState } from 'react';
import type { Id } from '../../../api/dataProvider';
import type { ApiRow } from '../../../renderer/core/context';
import { useNotify } from '../../../renderer/skin/toasts';
import type { CarePlanDraft } from './carePlanDraft';
import { CARE_PLAN_TEXTS, createRequest, errorText, type CarePlan } from './carePlanRecords';
import { useActiveCarePlan, useCarePlanList, useCarePlanWrites } from './useCarePlanData';

/** The widget's tabs, in their order. */
export const CARE_PLAN_TABS = ['active', 'all'] as const;
export type CarePlanTab = (typeof CARE_PLAN_TABS)[number];

/** The dialog open, with the plan it is about (as it was when opened). */
export type CarePlanDialog =
  | { kind: 'closed' }
  | { kind: 'create' }
  | { kind: 'edit'; plan: CarePlan }
  | { kind: 'view'; plan: CarePlan }
  | { kind: 'history'; plan: CarePlan }
  | { kind: 'activate'; plan: CarePlan; replacing: CarePlan };

const CLOSED: CarePlanDialog = { kind: 'closed' };

/**
 * The controller of the care plans widget for a patient (the screen's record): the tab shown, the
 * dialog open, the reads (the active plan; the list while its tab shows) and the writes with their
 * toasts: 'Care plan created' (then the list, where the new draft waits to be activated), 'Care plan
 * activated', 'Changes saved' for a review or an edit, 'Error: ' and the message for any failure.
 * Activating a draft while another plan is active asks first: that plan is then deactivated for good.
 */
export function useCarePlans(record: ApiRow | undefined) {
  const patientId = record?.id as Id | undefined;
  const [tab, setTab] = useState<CarePlanTab>('active');
  const [dialog, setDialog] = useState<CarePlanDialog>(CLOSED);
  const notify = useNotify();
  const active = useActiveCarePlan(patientId);
  const list = useCarePlanList(patientId, tab === 'all');
  const writes = useCarePlanWrites();
  const failed = (error: Error) => notify(errorText(error), 'error');
  const close = () => setDialog(CLOSED);

  const activateNow = (plan: CarePlan) =>
    writes.activate.mutate(plan, {
      onSuccess: () => {
        notify(CARE_PLAN_TEXTS.activated);
        close();
      },
      // The confirmation, if any, has been answered: the toast says why it failed.
      onError: (error) => {
        failed(error);
        close();
      },
    });

  return {
    patientId,
    primaryCondition: record?.primary_condition,
    tab,
    setTab,
    dialog,
    open: setDialog,
    close,
    active,
    list,
    pending: {
      create: writes.create.isPending,
      save: writes.save.isPending,
      review: writes.review.isPending,
      /** The plan being activated. */
      activating: writes.activate.isPending ? writes.activate.variables.id : undefined,
    },
    create: (templateId: string, planName: string) => {
      if (patientId === undefined) return;
      writes.create.mutate(createRequest(patientId, templateId, planName), {
        onSuccess: () => {
          notify(CARE_PLAN_TEXTS.created);
          close();
          setTab('all');
        },
        onError: failed,
      });
    },
    /** Activates a draft, after asking when it replaces the active plan. */
    activate: (plan: CarePlan) => {
      const current = active.data;
      if (current && current.id !== plan.id) setDialog({ kind: 'activate', plan, replacing: current });
      else activateNow(plan);
    },
    confirmActivate: () => {
      if (dialog.kind === 'activate') activateNow(dialog.plan);
    },
    review: (plan: CarePlan) => {
      writes.review.mutate(plan, { onSuccess: () => notify(CARE_PLAN_TEXTS.saved), onError: failed });
    },
    save: (plan: CarePlan, body: CarePlanDraft) => {
      writes.save.mutate(
        { plan, body },
        {
          onSuccess: () => {
            notify(CARE_PLAN_TEXTS.saved);
            close();
          },
          onError: failed,
        },
      );
    },
  };
}

export type CarePlansController = ReturnType<typeof useCarePlans>;
