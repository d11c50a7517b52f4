import { describe, expect, it, vi } from 'vitest';
import type { EvalContext } from '../../../../src/console/renderer/core/context';
import { screenRegistries } from '../../../../src/console/features';
import { codeLabel, fillTemplate, humanize, resolveValue, TEMPLATE_FILTERS, templatePlaceholders } from '../../../../src/console/renderer/core/templates';
import { environmentFor } from '../../helpers/environments';

const context: EvalContext = {
  ...environmentFor('admin'),
  record: { id: 7, device_type: 'blood_pressure', tenant_id: 1, misc: { a: 2 } },
  params: { id: '7' },
};

describe('templates', () => {
  it('humanizes codes', () => {
    expect(humanize('blood_pressure')).toBe('Blood Pressure');
    expect(humanize('pending_return_to_manufacturer')).toBe('Pending Return to Manufacturer');
    expect(humanize('user error')).toBe('User Error');
  });

  it("reads a code by the features' labels where humanizing would misspell it (humanize filter, badges, choices)", () => {
    const withLabels: EvalContext = { ...context, registries: screenRegistries, record: { id: 21, device_type: 'cgm', device_manufacturer: 'freestylelibre' } };
    expect(fillTemplate('{device_type|humanize} {id}', withLabels)).toBe('CGM 21');
    expect(fillTemplate('{device_manufacturer|humanize}', withLabels)).toBe('FreeStyle Libre');
    expect(codeLabel('cgm', screenRegistries.labels)).toBe('CGM');
    expect(codeLabel('blood_pressure', screenRegistries.labels)).toBe('Blood Pressure');
    expect(codeLabel('cgm', undefined)).toBe('Cgm');
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

  it('counts and joins a list of the answer: the bulk creation toast', () => {
    const answered: EvalContext = { ...context, response: { created_devices: [{ id: 1 }, { id: 2 }], existing_imeis: ['111', '222'] } };
    expect(fillTemplate('{response.created_devices|count} created; in use: {response.existing_imeis|join}', answered)).toBe('2 created; in use: 111, 222');
    expect(fillTemplate('{response.nothing|count} created; in use: {response.nothing|join}', answered)).toBe('0 created; in use: ');
  });

  it('writes a value as JSON text for a parameter that carries one', () => {
    expect(fillTemplate('{misc|json}', context)).toBe('{"a":2}');
    expect(fillTemplate('{nothing|json}', context)).toBe('null');
  });

  it("reads today in the user's zone, and the first day of its month", () => {
    // The fixtures' user is in New York, where 02:00 UTC on July 1st is still June 30th.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-07-01T02:00:00Z'));
    try {
      expect(fillTemplate('{today}', context)).toBe('2026-06-30');
      expect(resolveValue({ 'start_date[eq]': '{today|month_start}' }, context)).toEqual({ 'start_date[eq]': '2026-06-01' });
      expect(fillTemplate('{today.year}', context)).toBe('');
      expect(fillTemplate('{misc.a|month_start}', context)).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });

  it('has a test above for every filter', () => {
    expect(Object.keys(TEMPLATE_FILTERS).sort()).toEqual(['count', 'humanize', 'join', 'json', 'month_start']);
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
