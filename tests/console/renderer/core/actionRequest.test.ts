import { describe, expect, it } from 'vitest';
import type { ActionDefinition } from '../../../../schemas/screen';
import type { DataProvider } from '../../../../src/console/api/dataProvider';
import { actionMutation, formQuery, runMutation } from '../../../../src/console/renderer/core/actionRequest';
import type { EvalContext } from '../../../../src/console/renderer/core/context';
import { environmentFor } from '../../helpers/environments';

type Sending = Extract<ActionDefinition, { type: 'dialog_form' | 'confirm' | 'bulk' }>;
const context: EvalContext = { ...environmentFor('internal_admin'), record: { id: 7, tenant_id: 1 } };

describe('actionMutation', () => {
  it('sends a dialog form as an update_action by PUT, the payload over the form values', () => {
    const action: Sending = {
      type: 'dialog_form',
      name: 'unassign',
      label: 'Unassign',
      updateAction: 'unassign_patient',
      payload: { patient_id: null },
      form: { properties: { confirm: { type: 'boolean' }, reason: { type: 'string' } }, omit: ['confirm'] },
    };
    expect(actionMutation(action, { resource: 'devices', context, form: { reason: 'in_error', confirm: true, patient_id: 3 } })).toEqual({
      kind: 'update',
      resource: 'devices',
      id: 7,
      method: 'PUT',
      data: { reason: 'in_error', patient_id: null, update_action: 'unassign_patient' },
    });
  });

  it('creates on another resource with templates filled from the record and the identity', () => {
    const action: Sending = {
      type: 'dialog_form',
      name: 'report_issue',
      label: 'Report Issue',
      method: 'create',
      resource: 'device-activities',
      payload: { activity_type: 'issue_report', device_id: '{record.id}', actor_id: '{identity.id}' },
      form: {},
    };
    expect(actionMutation(action, { resource: 'devices', context, form: { value: { issue_type: 'battery' } } })).toEqual({
      kind: 'create',
      resource: 'device-activities',
      data: { value: { issue_type: 'battery' }, activity_type: 'issue_report', device_id: 7, actor_id: 100 },
    });
  });

  it('confirms with PATCH or DELETE when the definition says so', () => {
    const patch: Sending = { type: 'confirm', name: 'a', label: 'A', message: 'Sure?', method: 'patch', payload: { is_active: false } };
    expect(actionMutation(patch, { resource: 'users', context })).toEqual({
      kind: 'update',
      resource: 'users',
      id: 7,
      method: 'PATCH',
      data: { is_active: false },
    });
    const remove: Sending = { type: 'confirm', name: 'b', label: 'B', message: 'Sure?', method: 'delete' };
    expect(actionMutation(remove, { resource: 'locations', context })).toEqual({ kind: 'delete', resource: 'locations', id: 7 });
    expect(() => actionMutation(remove, { resource: 'locations', context: environmentFor('admin') })).toThrow('The action "b" needs a record');
  });

  it('sends a bulk action on the selected ids', () => {
    const bulk: Sending = { type: 'bulk', name: 'mark_received', label: 'Mark as Received', updateAction: 'mark_received' };
    expect(actionMutation(bulk, { resource: 'devices', context, ids: [1, 2] })).toEqual({
      kind: 'updateMany',
      resource: 'devices',
      ids: [1, 2],
      data: { update_action: 'mark_received' },
    });
  });

  it('runs each kind of call on the data provider', async () => {
    const calls: unknown[] = [];
    const record =
      (name: string) =>
      (...args: unknown[]) =>
        Promise.resolve(calls.push([name, ...args]));
    const dataProvider = {
      update: record('update'),
      create: record('create'),
      delete: record('delete'),
      updateMany: record('updateMany'),
    } as unknown as DataProvider;
    await runMutation(dataProvider, { kind: 'update', resource: 'devices', id: 7, data: { a: 1 }, method: 'PATCH' });
    await runMutation(dataProvider, { kind: 'create', resource: 'devices', data: { a: 1 } });
    await runMutation(dataProvider, { kind: 'delete', resource: 'devices', id: 7 });
    await runMutation(dataProvider, { kind: 'updateMany', resource: 'devices', ids: [1], data: { a: 1 } });
    expect(calls).toEqual([
      ['update', 'devices', 7, { a: 1 }, { method: 'PATCH' }],
      ['create', 'devices', { a: 1 }],
      ['delete', 'devices', 7],
      ['updateMany', 'devices', [1], { a: 1 }],
    ]);
  });
});

describe('formQuery', () => {
  it("gives a download form's values as the query's texts, as the form sends them, empty ones left out", () => {
    const form = {
      properties: { export_type: { type: 'string' }, month: { type: 'integer' }, tenant_id: { type: 'integer' }, confirm: { type: 'boolean' } },
      omit: ['confirm'],
      assign: [{ field: 'source', value: '{identity.role}' }],
    };
    expect(formQuery(form, { export_type: 'pdf', month: 5, year: '2026', tenant_id: null, note: '', confirm: true, codes: ['I10'] }, context)).toEqual({
      export_type: 'pdf',
      month: '5',
      year: '2026',
      codes: '["I10"]',
      source: 'internal_admin',
    });
  });
});
