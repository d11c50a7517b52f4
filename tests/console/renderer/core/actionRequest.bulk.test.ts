import { describe, expect, it } from 'vitest';
import type { ActionDefinition } from '../../../../schemas/screen';
import type { DataProvider } from '../../../../src/console/api/dataProvider';
import { actionMutation, runMutation } from '../../../../src/console/renderer/core/actionRequest';
import type { EvalContext } from '../../../../src/console/renderer/core/context';
import { environmentFor } from '../../helpers/environments';

type Bulk = Extract<ActionDefinition, { type: 'bulk' }>;
const context: EvalContext = { ...environmentFor('admin'), params: {} };

const addToCareTeam: Bulk = {
  type: 'bulk',
  name: 'add_to_care_team',
  label: 'Add to care team',
  method: 'create',
  perRow: true,
  path: '/patients/{id}/care-teams',
  form: { fields: ['practitioner_id', 'role', 'start_date', 'clear_existing'] },
};
const addToGroup: Bulk = {
  type: 'bulk',
  name: 'add_to_group',
  label: 'Add to group',
  method: 'create',
  path: '/patient-groups/{form.group_id}/patients',
  idsField: 'patient_ids',
  form: { properties: { group_id: { type: 'integer' } }, omit: ['group_id'] },
};

describe('bulk requests', () => {
  it('perRow: one request per selected row, each row being the record of the path', () => {
    const form = { practitioner_id: 8, role: 'rpm_clinician', clear_existing: true };
    expect(actionMutation(addToCareTeam, { resource: 'patients', context, ids: [12, 15], form })).toEqual({
      kind: 'each',
      mutations: [
        { kind: 'request', path: '/patients/12/care-teams', method: 'POST', data: form },
        { kind: 'request', path: '/patients/15/care-teams', method: 'POST', data: form },
      ],
    });
  });

  it('perRow without a path acts on each row of the resource by its method', () => {
    const remove: Bulk = { type: 'bulk', name: 'remove', label: 'Remove', method: 'delete', perRow: true };
    expect(actionMutation(remove, { resource: 'care-teams', context, ids: [3, 4] })).toEqual({
      kind: 'each',
      mutations: [
        { kind: 'delete', resource: 'care-teams', id: 3 },
        { kind: 'delete', resource: 'care-teams', id: 4 },
      ],
    });
  });

  it('a path: one request with the selected ids in the named field, the path filled from the form', () => {
    expect(actionMutation(addToGroup, { resource: 'patients', context, ids: [12, 15], form: { group_id: 4 } })).toEqual({
      kind: 'request',
      path: '/patient-groups/4/patients',
      method: 'POST',
      data: { patient_ids: [12, 15] },
    });
  });

  it('without a path or perRow, still the bulk update PUT /{resource} {ids, data}', () => {
    const markReceived: Bulk = { type: 'bulk', name: 'mark_received', label: 'Mark', updateAction: 'mark_received' };
    expect(actionMutation(markReceived, { resource: 'devices', context, ids: [1] })).toEqual({
      kind: 'updateMany',
      resource: 'devices',
      ids: [1],
      data: { update_action: 'mark_received' },
    });
  });
});

describe('running per-row requests', () => {
  /** A data provider that answers `request` and records each path; paths in `failing` fail with their own message. */
  function recordingProvider(failing: string[]) {
    const paths: string[] = [];
    const provider = {
      request: async (path: string) => {
        paths.push(path);
        if (failing.includes(path)) throw new Error(`refused ${path}`);
        return { path };
      },
    } as unknown as DataProvider;
    return { provider, paths };
  }
  const rows = (ids: number[]) => actionMutation(addToCareTeam, { resource: 'patients', context, ids, form: { practitioner_id: 8, role: 'other' } });

  it('sends every row, one after the other, and answers their results', async () => {
    const { provider, paths } = recordingProvider([]);
    expect(await runMutation(provider, rows([1, 2, 3]))).toEqual([
      { path: '/patients/1/care-teams' },
      { path: '/patients/2/care-teams' },
      { path: '/patients/3/care-teams' },
    ]);
    expect(paths).toEqual(['/patients/1/care-teams', '/patients/2/care-teams', '/patients/3/care-teams']);
  });

  it('tries every row even when one fails, then fails with the first failure', async () => {
    const { provider, paths } = recordingProvider(['/patients/2/care-teams', '/patients/3/care-teams']);
    await expect(runMutation(provider, rows([1, 2, 3, 4]))).rejects.toThrow('refused /patients/2/care-teams');
    expect(paths).toHaveLength(4);
  });
});
