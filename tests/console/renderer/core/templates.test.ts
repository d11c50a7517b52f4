import { describe, expect, it } from 'vitest';
import type { EvalContext } from '../../../../src/console/renderer/core/context';
import { fillTemplate, humanize, resolveValue, templatePlaceholders } from '../../../../src/console/renderer/core/templates';
import { environmentFor } from '../../helpers/environments';

const context: EvalContext = { ...environmentFor('admin'), record: { id: 7, device_type: 'blood_pressure', tenant_id: 1, misc: { a: 2 } }, params: { id: '7' } };

describe('templates', () => {
  it('humanizes codes', () => {
    expect(humanize('blood_pressure')).toBe('Blood Pressure');
    expect(humanize('pending_return_to_manufacturer')).toBe('Pending Return to Manufacturer');
    expect(humanize('user error')).toBe('User Error');
  });

  it('fills record paths, context paths and filters; a missing value is empty', () => {
    expect(fillTemplate('/devices/{id}/show', context)).toBe('/devices/7/show');
    expect(fillTemplate('{device_type|humanize} {id}', context)).toBe('Blood Pressure 7');
    expect(fillTemplate('{identity.role} {misc.a} {nothing}!', context)).toBe('admin 2 !');
  });

  it('keeps the type of a value that is one whole placeholder, at any depth', () => {
    expect(resolveValue({ 'tenant_id[eq]': '{record.tenant_id}', ids: ['{params.id}', 'x-{id}'], n: null }, context)).toEqual({
      'tenant_id[eq]': 1,
      ids: ['7', 'x-7'],
      n: null,
    });
  });

  it('refuses an unknown filter', () => {
    expect(() => fillTemplate('{id|shout}', context)).toThrow('Unknown template filter "shout"');
  });

  it('lists placeholders for validation', () => {
    expect(templatePlaceholders('{a.b|humanize} and {c}')).toEqual([
      { path: 'a.b', filter: 'humanize' },
      { path: 'c', filter: undefined },
    ]);
  });
});
