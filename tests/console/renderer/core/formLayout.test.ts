import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../../schemas/screen';
import type { EvalContext } from '../../../../src/console/renderer/core/context';
import { formFragments, withFormFragment } from '../../../../src/console/renderer/core/formFragments';
import { formFields, hasProperty, nestProperties, sectionsLayout, withRequired } from '../../../../src/console/renderer/core/formLayout';
import { formInitialData, formJsonSchema, formPayload } from '../../../../src/console/renderer/core/formSchema';
import { patientSchema } from '../../../../schemas/entities/patient';
import { environmentFor } from '../../helpers/environments';

const form = {
  fields: ['notes'],
  sections: [
    { title: 'Who', fields: ['user.first_name', 'user.address.city'] },
    {
      title: 'Care',
      fields: ['primary_condition', 'profile.comorbidities'],
      groups: [{ title: 'COPD', showWhen: { has: ['form.profile.comorbidities', 'COPD'] }, fields: ['profile.copd.gold_stage'] }],
    },
  ],
  required: ['user.first_name', 'user.address.city'],
  stripEmpty: true,
  clearAs: { 'profile.comorbidities': [] },
} as FormDefinition;
const context = (values: Record<string, unknown>): EvalContext => ({ ...environmentFor('admin'), form: values });

describe('a sectioned form', () => {
  it('has the fields of `fields`, its sections and their groups, once each and in order', () => {
    expect(formFields(form)).toEqual([
      'notes',
      'user.first_name',
      'user.address.city',
      'primary_condition',
      'profile.comorbidities',
      'profile.copd.gold_stage',
    ]);
  });

  it('nests dotted fields and requires them with the objects on their way', () => {
    const nested = nestProperties({ 'user.first_name': { type: 'string' }, 'user.address.city': { type: 'string' }, notes: { type: 'string' } });
    expect(nested).toEqual({
      user: { type: 'object', properties: { first_name: { type: 'string' }, address: { type: 'object', properties: { city: { type: 'string' } } } } },
      notes: { type: 'string' },
    });
    const { properties, required } = withRequired(nested, ['user.address.city']);
    expect(required).toEqual(['user']);
    expect(properties.user).toMatchObject({ required: ['address'], properties: { address: { required: ['city'] } } });
  });

  it('leaves a group out of the schema and the layout while its condition fails', () => {
    const hidden = formJsonSchema(form, patientSchema, context({}));
    expect(hasProperty(hidden, 'profile.copd.gold_stage')).toBe(false);
    expect(JSON.stringify(sectionsLayout(form.sections ?? [], hidden))).not.toContain('COPD');
    const shown = formJsonSchema(form, patientSchema, context({ profile: { comorbidities: ['COPD'] } }));
    expect(hasProperty(shown, 'profile.copd.gold_stage')).toBe(true);
    expect(sectionsLayout(form.sections ?? [], shown)).toMatchObject({
      'ui:row': {
        layout: 'sections',
        children: [
          { 'ui:col': { title: 'Who' } },
          {
            'ui:col': {
              title: 'Care',
              children: [expect.anything(), expect.anything(), { 'ui:col': { layout: 'group', title: 'COPD', children: ['profile.copd.gold_stage'] } }],
            },
          },
        ],
      },
    });
  });
});

describe('what a sectioned form sends', () => {
  const record = {
    id: 1,
    notes: 'x',
    user: { first_name: 'Ada', address: { city: 'Madison' } },
    profile: { comorbidities: ['COPD'], copd: { gold_stage: '2' } },
  };

  it('starts from the record at every dotted field', () => {
    expect(formInitialData(form, record)).toEqual({
      notes: 'x',
      user: { first_name: 'Ada', address: { city: 'Madison' } },
      profile: { comorbidities: ['COPD'], copd: { gold_stage: '2' } },
    });
  });

  it('strips empty values on a create', () => {
    const data = { notes: '', user: { first_name: 'Ada', address: { city: 'Madison' } }, profile: { comorbidities: [] } };
    expect(formPayload(form, data, context(data))).toEqual({ user: { first_name: 'Ada', address: { city: 'Madison' } } });
  });

  it('sends emptied fields as null (or their clearAs value) on an edit, and nothing of a hidden group', () => {
    const data = { notes: '', user: { first_name: 'Ada', address: { city: 'Madison' } }, profile: { comorbidities: [], copd: { gold_stage: '3' } } };
    expect(formPayload(form, data, context(data), formInitialData(form, record))).toEqual({
      notes: null,
      user: { first_name: 'Ada', address: { city: 'Madison' } },
      profile: { comorbidities: [] },
    });
  });
});

describe('form fragments', () => {
  it('gives a form the keys of its fragment, its own keys winning', () => {
    expect(formFragments.has('patient.form')).toBe(true);
    const resolved = withFormFragment({ kind: 'form', form: { fragment: 'patient.form', stripEmpty: false } }, 'x.json');
    expect(resolved.form).toMatchObject({ stripEmpty: false, sections: expect.any(Array) as unknown });
    expect(resolved.form).not.toHaveProperty('fragment');
  });

  it('names the file and the path of an unknown fragment', () => {
    expect(() => withFormFragment({ form: { fragment: 'nope' } }, 'screens/x.json')).toThrow('screens/x.json: /form/fragment: unknown form fragment "nope"');
  });
});
