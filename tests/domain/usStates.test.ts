import { describe, expect, it } from 'vitest';
import { locationSchema } from '../../schemas/entities/location';
import { US_COUNTRY, US_STATE_CODES, US_STATES, US_ZIP_CODE_PATTERN } from '../../src/domain/usStates';

/** The 50 states by USPS code, written out here apart from the code under test. */
const FIFTY_STATES =
  'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  );

describe('US states (spec 002 section 9: US states plus DC and Puerto Rico)', () => {
  it('has 52 entries: the 50 states, DC and PR, each code once', () => {
    expect(FIFTY_STATES).toHaveLength(50);
    expect(US_STATES).toHaveLength(52);
    expect([...US_STATE_CODES].sort()).toEqual([...FIFTY_STATES, 'DC', 'PR'].sort());
    expect(new Set(US_STATES.map((s) => s.name)).size).toBe(52);
  });

  it('names DC and Puerto Rico', () => {
    expect(US_STATES).toContainEqual({ code: 'DC', name: 'District of Columbia' });
    expect(US_STATES).toContainEqual({ code: 'PR', name: 'Puerto Rico' });
    expect(US_STATES).toContainEqual({ code: 'WI', name: 'Wisconsin' });
  });

  it('is in the order of the names, as the drop-down shows them', () => {
    const names = US_STATES.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('is the enum of a location address’s state, and the only country is the United States', () => {
    expect(locationSchema.properties.address.properties.state.enum).toEqual(US_STATE_CODES);
    expect(locationSchema.properties.address.properties.country.enum).toEqual(['US']);
    expect(US_COUNTRY).toEqual({ code: 'US', name: 'United States' });
  });

  it.each([
    ['53703', true],
    ['00901-1234', true],
    ['5370', false],
    ['537030', false],
    ['53703-12', false],
    ['53703 1234', false],
    ['ABCDE', false],
  ])('ZIP code %s is %s', (zip, valid) => {
    expect(new RegExp(US_ZIP_CODE_PATTERN).test(zip)).toBe(valid);
  });
});
