import { describe, expect, it } from 'vitest';
import { formatGatewayId, gatewayIdError, normalizeGatewayId } from '../../src/domain/gatewayId';

const REQUIRED = 'Gateway ID is required';
const FORMAT = 'Gateway ID must be 12 characters or 4 characters separated by dashes';

describe('a Tenovi gateway id (spec 000 section 5)', () => {
  it.each([
    ['12 letters and digits', 'AB12cd34EF56'],
    ['three groups of four joined by dashes', 'ab12-CD34-ef56'],
    ['with space around it', '  ab12cd34ef56 '],
  ])('accepts %s', (_name, value) => {
    expect(gatewayIdError(value)).toBeNull();
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['absent', undefined],
    ['null', null],
  ])('requires one (%s)', (_name, value) => {
    expect(gatewayIdError(value)).toBe(REQUIRED);
  });

  it.each([
    ['11 characters', 'ab12cd34ef5'],
    ['13 characters', 'ab12cd34ef567'],
    ['groups of other sizes', 'ab1-2cd34-ef56'],
    ['only two dashes in 12 characters', 'ab12-cd34ef56'],
    ['spaces for dashes', 'ab12 cd34 ef56'],
    ['a character that is not a letter or digit', 'ab12cd34ef5!'],
    ['four groups', 'ab12-cd34-ef56-gh78'],
  ])('refuses %s', (_name, value) => {
    expect(gatewayIdError(value)).toBe(FORMAT);
  });

  it('is saved without dashes and shown in groups of four', () => {
    expect(normalizeGatewayId(' ab12-cd34-ef56 ')).toBe('ab12cd34ef56');
    expect(normalizeGatewayId('AB12CD34EF56')).toBe('AB12CD34EF56');
    expect(formatGatewayId('ab12cd34ef56')).toBe('ab12-cd34-ef56');
    expect(formatGatewayId(normalizeGatewayId('ab12-cd34-ef56'))).toBe('ab12-cd34-ef56');
  });
});
