import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListBody, ScreenOf } from '../../../../schemas/screen';
import { screenRegistries } from '../../../../src/console/features';
import { evaluateCondition } from '../../../../src/console/renderer/core/conditions';
import type { EvalContext } from '../../../../src/console/renderer/core/context';
import { resolveFieldView } from '../../../../src/console/renderer/core/fieldViews';
import { initialListState, listPlan } from '../../../../src/console/renderer/core/listPlan';
import { presetNow } from '../../../../src/console/renderer/core/datePresets';
import { resolveValue } from '../../../../src/console/renderer/core/templates';
import { environmentFor } from '../../helpers/environments';

const load = (name: string) => JSON.parse(readFileSync(join(import.meta.dirname, '../../../../screens', name), 'utf8')) as unknown;
const monitoring = load('monitoring.list.json') as ListBody;
const home = load('home.dashboard.json') as ScreenOf<'dashboard'>;
const context: EvalContext = { ...environmentFor('clinician'), registries: screenRegistries };
const searchFields = [{ field: 'patient.user_full_name', label: 'Name', format: 'text', operator: 'q' }] as const;

// 02:00 UTC on June 18th 2026 is still Wednesday the 17th in New York (the fixtures' zone).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-18T02:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('the Monitoring Progress list', () => {
  const start = () => initialListState(monitoring, searchFields, presetNow('America/New_York'));

  it("starts on the user's current month, the simple view, by overall progress, with the services", () => {
    const plan = listPlan(monitoring, start(), searchFields, context);
    expect(plan.params.filter).toEqual({ 'start_date[gte]': '2026-06-01', 'start_date[lt]': '2026-07-01' });
    expect(plan.params.sort).toEqual({ field: 'progress_all', order: 'asc' });
    expect(plan.params.meta).toEqual({ expand: ['services'] });
  });

  it("a program's view asks for the patients in that program", () => {
    const plan = listPlan(monitoring, { ...start(), tab: 'ccm' }, searchFields, context);
    expect(plan.params.filter).toMatchObject({ 'progress_ccm[ne]': null });
  });

  it('the forecast reads the chosen month and today: at risk is behind its pace and still reachable', () => {
    const may = { from: '2026-05-01', to: '2026-05-31' };
    const atRisk = listPlan(monitoring, { ...start(), filters: { start_date: may, reachable_until: 'at_risk' } }, searchFields, context);
    expect(atRisk.params.filter).toEqual({
      'start_date[gte]': '2026-05-01',
      'start_date[lt]': '2026-06-01',
      'reachable_until[gte]': '2026-06-17',
      'progress_all[lt]': 1,
    });
    const june = listPlan(monitoring, { ...start(), filters: { ...start().filters, reachable_until: 'at_risk' } }, searchFields, context);
    expect(june.params.filter).toMatchObject({ 'progress_all[lt]': 13 / 22 });
    const lost = listPlan(monitoring, { ...start(), filters: { ...start().filters, reachable_until: 'unreachable' } }, searchFields, context);
    expect(lost.params.filter).toMatchObject({ 'reachable_until[lt]': '2026-06-17' });
  });

  it('shows the program of the view: its services and its bar; the simple view every bar', () => {
    // A provider's clinician: no Provider column.
    const visible = (tab: string) =>
      monitoring.columns
        .map((column) => resolveFieldView(column, {}))
        .filter((view) => evaluateCondition(view.visibleWhen, { ...context, list: { tab, filters: {} } }))
        .map((view) => view.label);
    expect(visible('simple')).toEqual(['Patient', 'Enrolled On', 'RPM', 'CCM', 'PCM', 'Overall', 'Last Updated']);
    expect(visible('rpm')).toEqual(['Patient', 'Enrolled On', 'RPM Services', 'RPM', 'Last Updated']);
  });
});

describe("Home's Monitoring Progress", () => {
  it("asks for the current month of the user's zone", () => {
    const section = home.sections.find((s) => s.title === 'Monitoring Progress');
    expect(resolveValue(section?.list?.filter, context)).toEqual({ 'start_date[eq]': '2026-06-01' });
    expect(section?.list?.perPage).toBe(5);
  });
});
