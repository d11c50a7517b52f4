import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../../schemas/screen';
import { screenRegistries } from '../../../../src/console/features';
import { formJsonSchema } from '../../../../src/console/renderer/core/formSchema';
import { DECLINE_REASONS, UNENROLL_REASONS, UNSEEN_REASONS } from '../../../../src/domain/enums';
import { environmentFor } from '../../helpers/environments';

const choiceRegistry = screenRegistries.choices;
const at = (role: Parameters<typeof environmentFor>[0], patient_status: string) => ({
  ...environmentFor(role),
  registries: screenRegistries,
  record: { id: 30, patient_status },
});
const values = (choices: readonly { value: string }[]) => choices.map((c) => c.value);

describe('the choice sources', () => {
  it("offers the status dialog's choices of the user's role for the patient's status (one table with the server)", () => {
    expect(choiceRegistry.patient_status(at('clinician', 'pending_enrollment'))).toEqual([
      { value: 'declined', label: 'Declined' },
      { value: 'unseen', label: 'Unseen' },
    ]);
    expect(values(choiceRegistry.patient_status(at('internal_billing_admin', 'pending_enrollment')))).toEqual(['active', 'declined', 'unseen']);
    expect(values(choiceRegistry.patient_status(at('staff', 'unseen')))).toEqual(['pending_enrollment', 'declined']);
    expect(choiceRegistry.patient_status(at('admin', 'disabled'))).toEqual([]);
    expect(choiceRegistry.patient_status({ ...environmentFor('superadmin'), record: { id: 30 } })).toEqual([]);
  });

  it('offers every reason of the domain lists with its label', () => {
    const context = environmentFor('staff');
    expect(values(choiceRegistry.decline_reasons(context))).toEqual([...DECLINE_REASONS]);
    expect(values(choiceRegistry.unseen_reasons(context))).toEqual([...UNSEEN_REASONS]);
    expect(values(choiceRegistry.unenroll_reasons(context))).toEqual([...UNENROLL_REASONS]);
    expect(choiceRegistry.unenroll_reasons(context).find((c) => c.value === 'cost-partial-coverage')?.label).toBe('Cost / Partial Coverage');
  });
});

describe('a form naming choice sources', () => {
  const form: FormDefinition = {
    properties: { patient_status: { type: 'string', title: 'Status' }, declined_reason: { type: 'string' } },
    choices: { patient_status: 'patient_status', declined_reason: 'decline_reasons' },
    required: ['patient_status'],
  };

  it('limits each field to its source as one-of values with labels', () => {
    const schema = formJsonSchema(form, { type: 'object', properties: {} }, at('clinician', 'pending_enrollment'));
    expect(schema.properties).toMatchObject({
      patient_status: {
        type: 'string',
        title: 'Status',
        oneOf: [
          { const: 'declined', title: 'Declined' },
          { const: 'unseen', title: 'Unseen' },
        ],
      },
    });
    expect(((schema.properties as Record<string, { oneOf: unknown[] }>).declined_reason?.oneOf ?? []).length).toBe(DECLINE_REASONS.length);
  });

  it('leaves out a field whose source offers nothing, and does not require it', () => {
    const schema = formJsonSchema(form, { type: 'object', properties: {} }, at('clinician', 'disabled'));
    expect(Object.keys(schema.properties as object)).toEqual(['declined_reason']);
    expect(schema.required).toBeUndefined();
  });
});
