import { US_COUNTRY, US_STATE_CODES, US_ZIP_CODE_PATTERN } from '../../src/domain/usStates';

/** A postal address as providers store it (spec 002 section 3): every part optional. */
export const addressSchema = {
  type: 'object',
  properties: {
    address_line1: { type: 'string' },
    address_line2: { type: ['string', 'null'] },
    city: { type: 'string' },
    state: { type: 'string' },
    zip_code: { type: 'string' },
    country: { type: 'string' },
  },
  additionalProperties: false,
} as const;

/**
 * A US postal address as a location needs one (spec 002 sections 5 and 9): street, city, state,
 * ZIP code and country required; the state one of the 50 states, DC or PR; the ZIP 5 digits or
 * ZIP+4; the country the United States. Blank parts are refused by the location's write rules.
 */
export const usAddressSchema = {
  type: 'object',
  properties: {
    address_line1: { type: 'string', minLength: 1, maxLength: 200 },
    address_line2: { type: ['string', 'null'], maxLength: 200 },
    city: { type: 'string', minLength: 1, maxLength: 100 },
    state: { type: 'string', enum: US_STATE_CODES },
    zip_code: { type: 'string', pattern: US_ZIP_CODE_PATTERN },
    country: { type: 'string', enum: [US_COUNTRY.code] },
  },
  required: ['address_line1', 'city', 'state', 'zip_code', 'country'],
  additionalProperties: false,
} as const;
