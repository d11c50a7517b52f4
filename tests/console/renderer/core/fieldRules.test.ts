// @vitest-environment jsdom
import { createErrorHandler, toErrorList, type RJSFValidationError } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../../schemas/screen';
import { screenRegistries } from '../../../../src/console/features';
import { checkFieldRules, ruleRequiredText, sentValues } from '../../../../src/console/renderer/core/fieldRules';
import { transformFormErrors } from '../../../../src/console/renderer/core/formMessages';
import { formPayload } from '../../../../src/console/renderer/core/formSchema';
import { environmentFor } from '../../helpers/environments';

const { fieldRules } = screenRegistries;

const tenovi: FormDefinition = {
  properties: { gateway_id: { type: 'string' }, device: { type: 'object', properties: { imeis: { type: 'string' } } } },
  required: ['gateway_id'],
  validate: { gateway_id: 'gateway_id', 'device.imeis': 'imei_list' },
  assign: [
    { field: 'tenant_id', value: '{identity.tenant_id}', when: { internal: false } },
    { field: 'external_id', value: '{form.gateway_id}' },
  ],
};

/** RJSF's custom validation run as the form runs it, as the messages a user reads by field. */
function messagesOf(form: FormDefinition, data: Record<string, unknown>) {
  const errors = checkFieldRules(form, fieldRules)(data, createErrorHandler(data));
  return toErrorList(errors as never).map((e) => `${e.property}: ${e.message}`);
}

describe('field rules in a form', () => {
  it('refuses filled-in values in the rule words, at nested paths too, and leaves empty ones to the required check', () => {
    expect(messagesOf(tenovi, { gateway_id: 'A1B2-C3D4', device: { imeis: '111\n2222' } })).toEqual([
      '.gateway_id: Gateway ID must be 12 characters or 4 characters separated by dashes',
      '.device.imeis: All items must have the same length',
    ]);
    expect(messagesOf(tenovi, { gateway_id: 'A1B2-C3D4-E5F6', device: { imeis: '111,222' } })).toEqual([]);
    expect(messagesOf(tenovi, {})).toEqual([]);
  });

  it("words the required check of a ruled field as its rule does ('Gateway ID is required')", () => {
    expect(ruleRequiredText(tenovi, 'gateway_id', fieldRules)).toBe('Gateway ID is required');
    expect(ruleRequiredText(tenovi, 'device.imeis', fieldRules)).toBeUndefined();
    const missing: RJSFValidationError = { name: 'required', property: '.gateway_id', params: { missingProperty: 'gateway_id' }, message: 'raw', stack: 'raw' };
    expect(transformFormErrors(tenovi, fieldRules)([missing])[0]?.message).toBe('Gateway ID is required');
  });

  it('sends each ruled value as its rule makes it, and assigned values with their templates filled from those', () => {
    const values = sentValues(tenovi, { gateway_id: 'a1b2-c3d4-e5f6', device: { imeis: '111;222' }, other: 1 }, fieldRules);
    expect(values).toEqual({ gateway_id: 'a1b2c3d4e5f6', device: { imeis: ['111', '222'] }, other: 1 });
    const provider = { ...environmentFor('admin'), form: values };
    expect(formPayload(tenovi, values, provider)).toMatchObject({ tenant_id: 1, external_id: 'a1b2c3d4e5f6' });
    const internal = { ...environmentFor('internal_admin'), form: values };
    expect(formPayload(tenovi, values, internal)).not.toHaveProperty('tenant_id');
  });
});
