import { describe, expect, it } from 'vitest';
import { conditionRefusal } from '../../../../src/console/renderer/core/conditionRefusal';
import { conditionRegistry } from '../../../../src/console/renderer/core/conditionRegistry';
import { evaluateCondition } from '../../../../src/console/renderer/core/conditions';
import { screenRegistries } from '../../../../src/console/features';
import type { EvalContext } from '../../../../src/console/renderer/core/context';
import { environmentFor } from '../../helpers/environments';

const context: EvalContext = {
  ...environmentFor('internal_admin', { featureFlags: { voice_calls: true, esign: false } }),
  registries: screenRegistries,
  record: { id: 7, status: 'pending', patient_id: null, tenant_id: 1, external_id: '', tags: ['a'] },
  params: { id: '7' },
  form: { has_paid: true },
};
const provider: EvalContext = { ...environmentFor('admin'), record: context.record };

describe('conditions', () => {
  it('holds without a condition', () => {
    expect(evaluateCondition(undefined, context)).toBe(true);
  });

  it('permission: the key is granted in some scope', () => {
    expect(evaluateCondition({ permission: 'tenants.list' }, context)).toBe(true);
    expect(evaluateCondition({ permission: 'tenants.list' }, provider)).toBe(false);
    expect(evaluateCondition({ permission: 'devices.create' }, provider)).toBe(true);
  });

  it('scope: the key is granted in that scope', () => {
    expect(evaluateCondition({ scope: ['devices.list', 'all'] }, context)).toBe(true);
    expect(evaluateCondition({ scope: ['devices.list', 'all'] }, provider)).toBe(false);
    expect(evaluateCondition({ scope: ['devices.list', 'tenant'] }, provider)).toBe(true);
  });

  it('role: the identity has one of the roles', () => {
    expect(evaluateCondition({ role: ['superadmin', 'internal_admin'] }, context)).toBe(true);
    expect(evaluateCondition({ role: ['internal_clinician'] }, context)).toBe(false);
  });

  it('internal: the identity is (not) internal staff', () => {
    expect(evaluateCondition({ internal: true }, context)).toBe(true);
    expect(evaluateCondition({ internal: true }, provider)).toBe(false);
  });

  it('flag: the feature flag is on', () => {
    expect(evaluateCondition({ flag: 'voice_calls' }, context)).toBe(true);
    expect(evaluateCondition({ flag: 'esign' }, context)).toBe(false);
    expect(evaluateCondition({ flag: 'clinical_activities' }, context)).toBe(false);
  });

  it('eq and ne compare a path of the record or the context; null and a missing value are the same', () => {
    expect(evaluateCondition({ eq: ['status', 'pending'] }, context)).toBe(true);
    expect(evaluateCondition({ eq: ['record.status', 'active'] }, context)).toBe(false);
    expect(evaluateCondition({ eq: ['patient_id', null] }, context)).toBe(true);
    expect(evaluateCondition({ eq: ['location_id', null] }, context)).toBe(true);
    expect(evaluateCondition({ eq: ['environment.environment', 'test'] }, context)).toBe(true);
    expect(evaluateCondition({ eq: ['params.id', '7'] }, context)).toBe(true);
    expect(evaluateCondition({ eq: ['tags', ['a']] }, context)).toBe(true);
    expect(evaluateCondition({ ne: ['status', 'decommissioned'] }, context)).toBe(true);
    expect(evaluateCondition({ ne: ['form.has_paid', true] }, context)).toBe(false);
  });

  it('in: the path holds one of the values', () => {
    expect(evaluateCondition({ in: ['status', ['pending', 'inactive']] }, context)).toBe(true);
    expect(evaluateCondition({ in: ['identity.role', ['admin']] }, context)).toBe(false);
  });

  it('has: the list at the path holds the value', () => {
    expect(evaluateCondition({ has: ['tags', 'a'] }, context)).toBe(true);
    expect(evaluateCondition({ has: ['tags', 'b'] }, context)).toBe(false);
    expect(evaluateCondition({ has: ['status', 'pending'] }, context)).toBe(false);
    expect(evaluateCondition({ has: ['form.missing', 'a'] }, context)).toBe(false);
  });

  it('hasKey: the object at the first path holds the key the second path gives', () => {
    const facts: EvalContext = {
      ...context,
      record: { id: 30, monitoring_facts: { incompatible: { rpm_99457_99458: ['rpm_99091'] } } },
      form: { type: 'rpm_99457_99458' },
    };
    expect(evaluateCondition({ hasKey: ['record.monitoring_facts.incompatible', 'form.type'] }, facts)).toBe(true);
    expect(evaluateCondition({ hasKey: ['monitoring_facts.incompatible', 'form.type'] }, { ...facts, form: { type: 'note' } })).toBe(false);
    expect(evaluateCondition({ hasKey: ['monitoring_facts.incompatible', 'form.missing'] }, facts)).toBe(false);
    expect(evaluateCondition({ hasKey: ['monitoring_facts.missing', 'form.type'] }, facts)).toBe(false);
    expect(evaluateCondition({ hasKey: ['tags', 'form.type'] }, { ...context, form: { type: '0' } })).toBe(false);
    expect(evaluateCondition({ hasKey: ['monitoring_facts.incompatible', 'form.type'] }, { ...facts, form: { type: 'toString' } })).toBe(false);
  });

  it('set and unset: something other than null, undefined or empty text', () => {
    expect(evaluateCondition({ set: 'tenant_id' }, context)).toBe(true);
    expect(evaluateCondition({ set: 'patient_id' }, context)).toBe(false);
    expect(evaluateCondition({ set: 'external_id' }, context)).toBe(false);
    expect(evaluateCondition({ unset: 'location_id' }, context)).toBe(true);
  });

  it('all, any and not combine, two levels deep', () => {
    expect(evaluateCondition({ all: [{ internal: true }, { any: [{ eq: ['status', 'active'] }, { unset: 'patient_id' }] }] }, context)).toBe(true);
    expect(evaluateCondition({ any: [{ internal: false }, { not: { set: 'tenant_id' } }] }, context)).toBe(false);
    expect(evaluateCondition({ not: { all: [{ internal: true }, { flag: 'esign' }] } }, context)).toBe(true);
  });

  it('refused: the domain rule of that name refuses the record (the device table of src/domain)', () => {
    const shared: EvalContext = { ...context, record: { id: 8, status: 'active', patient_id: null, tenant_id: 1, is_shared_device: true } };
    expect(evaluateCondition({ refused: 'device.assign_to_patient' }, shared)).toBe(true);
    expect(evaluateCondition({ refused: 'device.update_external_id' }, shared)).toBe(false);
    expect(evaluateCondition({ refused: 'device.mark_received' }, context)).toBe(false);
    expect(evaluateCondition({ refused: 'device.unassign_patient' }, context)).toBe(true);
    expect(() => evaluateCondition({ refused: 'device.fly' }, context)).toThrow('unknown rule "device.fly"');
  });

  it('words why a condition holds by the refusal of the named rule that makes it hold', () => {
    const assigned: EvalContext = { ...context, record: { id: 9, status: 'active', patient_id: 30, tenant_id: 1, is_shared_device: false } };
    expect(conditionRefusal({ refused: 'device.decommission_device' }, assigned)).toBe('Device is assigned to a patient');
    expect(conditionRefusal({ any: [{ eq: ['status', 'pending'] }, { refused: 'device.mark_received' }] }, assigned)).toBe('Device is not pending');
    expect(conditionRefusal({ all: [{ internal: true }, { refused: 'device.assign_to_patient' }] }, assigned)).toBe('Device is assigned to a patient');
    expect(conditionRefusal({ set: 'patient_id' }, assigned)).toBeUndefined();
    expect(conditionRefusal({ refused: 'device.unassign_patient' }, assigned)).toBeUndefined();
  });

  it('refuses a condition with no operator, two operators or an unknown one', () => {
    expect(() => evaluateCondition({}, context)).toThrow('exactly one operator');
    expect(() => evaluateCondition({ internal: true, flag: 'x' }, context)).toThrow('exactly one operator');
    expect(() => evaluateCondition({ maybe: true } as never, context)).toThrow('Unknown condition operator "maybe"');
  });

  it('has a test above for every operator of the registry', () => {
    expect(Object.keys(conditionRegistry).sort()).toEqual([
      'all',
      'any',
      'eq',
      'flag',
      'has',
      'hasKey',
      'in',
      'internal',
      'ne',
      'not',
      'permission',
      'refused',
      'role',
      'scope',
      'set',
      'unset',
    ]);
  });
});
