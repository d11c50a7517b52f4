import { describe, expect, it } from 'vitest';
import { normalizeUsPhone, searchQuery, type SearchField } from '../../../../src/console/renderer/core/search';

const imei: SearchField = { field: 'external_id', label: 'IMEI', format: 'text', operator: 'like' };
const name: SearchField = { field: 'full_name', label: 'Name', format: 'text', operator: 'q' };
const id: SearchField = { field: 'id', label: 'ID', format: 'id', operator: 'q' };
const phone: SearchField = { field: 'user.phone_number', label: 'Phone', format: 'phone', operator: 'q' };
const patientName: SearchField = {
  field: 'patient_id',
  label: 'Patient Name',
  format: 'text',
  operator: 'q',
  lookup: { resource: 'patients', field: 'user.full_name' },
};

describe('searchQuery (spec 000 section 5)', () => {
  it('clears the filter on an empty search', () => {
    expect(searchQuery(name, '   ', 3)).toEqual({ kind: 'none' });
  });

  it('refuses fewer than 3 characters with the spec text', () => {
    expect(searchQuery(name, 'ab', 3)).toEqual({ kind: 'too-short', message: 'Please enter at least 3 characters to search' });
    expect(searchQuery(name, 'abc', 3)).toEqual({ kind: 'filter', filter: { q: { field: 'full_name', value: 'abc' } } });
  });

  it('exempts ids, which match exactly; an id that is not a number matches nothing', () => {
    expect(searchQuery(id, '7', 3)).toEqual({ kind: 'filter', filter: { 'id[eq]': '7' } });
    expect(searchQuery(id, 'x7', 3)).toEqual({ kind: 'nothing' });
  });

  it('sends field[like] or field[eq] when the definition says so', () => {
    expect(searchQuery(imei, '35693', 3)).toEqual({ kind: 'filter', filter: { 'external_id[like]': '35693' } });
  });

  it('normalises phone numbers to US format', () => {
    expect(searchQuery(phone, '(555) 123-4567', 3)).toEqual({ kind: 'filter', filter: { q: { field: 'user.phone_number', value: '+15551234567' } } });
    expect(normalizeUsPhone('1 555 123 4567')).toBe('+15551234567');
    expect(normalizeUsPhone('555-12')).toBe('55512');
  });

  it('searches another resource first for a lookup field', () => {
    expect(searchQuery(patientName, 'Byron', 3)).toEqual({
      kind: 'lookup',
      resource: 'patients',
      filter: { q: { field: 'user.full_name', value: 'Byron' } },
      target: 'patient_id',
    });
  });

  it('words the message for another minimum', () => {
    expect(searchQuery(name, 'a', 2)).toEqual({ kind: 'too-short', message: 'Please enter at least 2 characters to search' });
  });
});
