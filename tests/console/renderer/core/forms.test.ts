// @vitest-environment jsdom
import type { RJSFValidationError } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { deviceSchema } from '../../../../schemas/entities/device';
import type { FormDefinition } from '../../../../schemas/screen';
import type { EvalContext } from '../../../../src/console/renderer/core/context';
import { screenRegistries } from '../../../../src/console/features';
import { formDrafts, memoryDraftStorage } from '../../../../src/console/renderer/core/formDrafts';
import { forgetSessionDrafts, sessionDraftStorage } from '../../../../src/console/renderer/skin/sessionDraftStorage';
import { CHECKBOX_MESSAGE, REQUIRED_MESSAGE, transformFormErrors } from '../../../../src/console/renderer/core/formMessages';
import { formInitialData, formJsonSchema, formPayload, formUiSchema } from '../../../../src/console/renderer/core/formSchema';
import { environmentFor } from '../../helpers/environments';

const form: FormDefinition = {
  fields: ['external_id', 'tenant_id', 'customer_invoice_item_id'],
  properties: { has_paid: { type: 'boolean', title: 'Has customer paid' }, confirm: { type: 'boolean', const: true } },
  required: ['external_id', 'customer_invoice_item_id'],
  hidden: [
    { field: 'tenant_id', when: { internal: false } },
    { field: 'customer_invoice_item_id', when: { ne: ['form.has_paid', true] } },
  ],
  assign: [
    { field: 'status', value: 'inactive' },
    { field: 'status', value: 'active', when: { eq: ['form.has_paid', true] } },
    { field: 'customer_invoice_item_id', when: { ne: ['form.has_paid', true] } },
  ],
  omit: ['confirm', 'has_paid'],
  messages: { confirm: { const: 'Please confirm unassigning the device.' } },
};
const provider: EvalContext = { ...environmentFor('admin'), form: {} };
const internal: EvalContext = { ...environmentFor('internal_admin'), form: { has_paid: true } };

describe('form schema', () => {
  it('takes entity fields (titled, not read-only), adds extra properties, and leaves hidden fields out with their requirement', () => {
    expect(formJsonSchema(form, deviceSchema, provider)).toEqual({
      type: 'object',
      properties: {
        external_id: { title: 'External Id', type: ['string', 'null'], maxLength: 64 },
        has_paid: { type: 'boolean', title: 'Has customer paid' },
        confirm: { type: 'boolean', const: true },
      },
      required: ['external_id'],
    });
    const shown = formJsonSchema(form, deviceSchema, internal);
    expect(Object.keys(shown.properties as object)).toEqual(['external_id', 'tenant_id', 'customer_invoice_item_id', 'has_paid', 'confirm']);
    expect(shown.required).toEqual(['external_id', 'customer_invoice_item_id']);
  });

  it('starts from the record entity fields', () => {
    expect(formInitialData(form, { id: 1, external_id: '35', tenant_id: 2, status: 'active' })).toEqual({ external_id: '35', tenant_id: 2 });
    expect(formInitialData(form, undefined)).toEqual({});
  });

  it('sends the values without omitted fields, with the assigned ones', () => {
    const data = { external_id: '35', customer_invoice_item_id: 'ii_1', has_paid: false, confirm: true };
    expect(formPayload(form, data, { ...provider, form: data })).toEqual({ external_id: '35', customer_invoice_item_id: null, status: 'inactive' });
    const paid = { ...data, has_paid: true };
    expect(formPayload(form, paid, { ...provider, form: paid })).toEqual({ external_id: '35', customer_invoice_item_id: 'ii_1', status: 'active' });
  });

  it('keeps ui:order to the fields shown, and labels enum codes unless the definition does', () => {
    expect(formUiSchema({ 'ui:order': ['tenant_id', 'external_id'], x: 1 }, { properties: { external_id: {} } })).toEqual({
      'ui:order': ['external_id', '*'],
      x: 1,
    });
    expect(formUiSchema(undefined, {})).toEqual({});
    const schema = { properties: { status: { enum: ['pending_return_to_manufacturer', null] }, kind: { enum: ['a'] } } };
    expect(formUiSchema({ kind: { 'ui:enumNames': ['A kind'] } }, schema)).toEqual({
      status: { 'ui:enumNames': { pending_return_to_manufacturer: 'Pending Return to Manufacturer', null: 'None' } },
      kind: { 'ui:enumNames': ['A kind'] },
    });
    expect(formUiSchema(undefined, { properties: { device_type: { enum: ['cgm', 'glucometer'] } } }, undefined, { cgm: 'CGM' })).toEqual({
      device_type: { 'ui:enumNames': { cgm: 'CGM', glucometer: 'Glucometer' } },
    });
  });
});

describe('form messages', () => {
  const error = (name: string, property: string, params: object): RJSFValidationError => ({ name, property, params, message: 'raw', stack: 'raw' });
  const transform = transformFormErrors(form, screenRegistries.fieldRules);

  it('words a missing value as Required and an unticked box as the spec says, unless the definition words it', () => {
    const [missing, nested, box, own, other] = transform([
      error('required', '.external_id', { missingProperty: 'external_id' }),
      error('required', '.unassign_device_reason.reason', { missingProperty: 'reason' }),
      error('const', '.agree', { allowedValue: true }),
      error('const', '.confirm', { allowedValue: true }),
      error('maxLength', '.external_id', { limit: 64 }),
    ]);
    expect(missing?.message).toBe(REQUIRED_MESSAGE);
    expect(REQUIRED_MESSAGE).toBe('Required');
    expect(nested?.message).toBe('Required');
    expect(box?.message).toBe(CHECKBOX_MESSAGE);
    expect(CHECKBOX_MESSAGE).toBe('This must be selected to proceed');
    expect(own?.message).toBe('Please confirm unassigning the device.');
    expect(other?.message).toBe('raw');
  });

  it('words an item of a list left empty (an added picker with no choice) as Required, not as a type', () => {
    const [item, whole] = transform([error('type', '.patient_ids.0', { type: 'integer' }), error('type', '.external_id', { type: 'string' })]);
    expect(item?.message).toBe('Required');
    expect(whole?.message).toBe('raw');
  });
});

describe('form drafts', () => {
  it('keeps values per form key in the storage it is given until cleared', () => {
    const storage = memoryDraftStorage();
    const drafts = formDrafts(storage, '7');
    drafts.save('devices.create:new', { external_id: '35' });
    expect(drafts.load('devices.create:new')).toEqual({ external_id: '35' });
    expect(drafts.load('devices.show:1:assign')).toBeUndefined();
    // A second core over the same storage sees the draft: it lives in the storage, not in the core.
    expect(formDrafts(storage, '7').load('devices.create:new')).toEqual({ external_id: '35' });
    // Another user of the same tab never sees it.
    expect(formDrafts(storage, '8').load('devices.create:new')).toBeUndefined();
    drafts.clear('devices.create:new');
    expect(drafts.load('devices.create:new')).toBeUndefined();
    storage.set('screen-draft:7:broken', '{');
    storage.set('screen-draft:7:list', '[1]');
    expect(drafts.load('broken')).toBeUndefined();
    expect(drafts.load('list')).toBeUndefined();
  });

  it('touches no browser storage of its own', () => {
    formDrafts(memoryDraftStorage(), '7').save('devices.create:new', { external_id: '35' });
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.length).toBe(0);
  });

  it('are all forgotten from the tab on a sign-out, and nothing else kept there', () => {
    const drafts = formDrafts(sessionDraftStorage(), '7');
    drafts.save('patients.create:new', { first_name: 'Ann' });
    sessionStorage.setItem('other', 'kept');
    forgetSessionDrafts();
    expect(drafts.load('patients.create:new')).toBeUndefined();
    expect(sessionStorage.getItem('other')).toBe('kept');
    sessionStorage.clear();
  });
});
