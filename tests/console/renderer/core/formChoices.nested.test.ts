import { describe, expect, it } from 'vitest';
import { locationSchema } from '../../../../schemas/entities/location';
import { screenRegistries } from '../../../../src/console/features';
import { formJsonSchema } from '../../../../src/console/renderer/core/formSchema';
import { TEST_ACCOUNTS } from '../../../../src/domain/testAccounts';
import { US_STATES } from '../../../../src/domain/usStates';
import { environmentFor } from '../../helpers/environments';

const context = { ...environmentFor('internal_admin'), registries: screenRegistries };
const choiceRegistry = screenRegistries.choices;
type Node = Record<string, unknown> & { properties: Record<string, Node>; oneOf?: { const: string; title: string }[]; default?: unknown };

describe('choices of a nested field (a location address: state and country)', () => {
  const schema = formJsonSchema(
    { fields: ['name', 'address'], choices: { 'address.state': 'us_states', 'address.country': 'us_countries' } },
    locationSchema,
    context,
  ) as unknown as Node;
  const address = schema.properties.address as Node;

  it('offers the 52 states by name, in place of the enum of codes', () => {
    expect(address.properties.state?.oneOf).toEqual(US_STATES.map((state) => ({ const: state.code, title: state.name })));
    expect(address.properties.state).not.toHaveProperty('enum');
    expect(address.properties.state?.default).toBeUndefined();
  });

  it('starts the one country with its only choice, the United States', () => {
    expect(address.properties.country).toMatchObject({ default: 'US', oneOf: [{ const: 'US', title: 'United States' }] });
  });

  it('leaves the rest of the address, and the entity schema itself, as they were', () => {
    expect(address.required).toEqual(locationSchema.properties.address.required);
    expect(address.properties.zip_code).toEqual(locationSchema.properties.address.properties.zip_code);
    expect(locationSchema.properties.address.properties.state).toHaveProperty('enum');
  });
});

describe('the choice sources of the locations and testing screens', () => {
  it('us_states, us_countries and test_accounts come from the domain lists', () => {
    expect(choiceRegistry.us_states()).toHaveLength(52);
    expect(choiceRegistry.us_countries()).toEqual([{ value: 'US', label: 'United States' }]);
    expect(choiceRegistry.test_accounts().map((choice) => choice.value)).toEqual(TEST_ACCOUNTS.map((account) => account.email));
  });
});
