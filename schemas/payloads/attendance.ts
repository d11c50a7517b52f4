/**
 * Checking in and out (spec 001 section 7 "Staff attendance"): the location (required, section 5)
 * and the browser's coordinates when it has them (section 8: without geolocation both calls
 * proceed without coordinates). A latitude comes with its longitude.
 */
const latitude = { type: 'number', minimum: -90, maximum: 90 } as const;
const longitude = { type: 'number', minimum: -180, maximum: 180 } as const;

export const checkInBody = {
  type: 'object',
  properties: {
    location_id: { type: 'integer', minimum: 1 },
    latitude_checked_in: latitude,
    longitude_checked_in: longitude,
  },
  required: ['location_id'],
  dependencies: { latitude_checked_in: ['longitude_checked_in'], longitude_checked_in: ['latitude_checked_in'] },
  additionalProperties: false,
} as const;

export const checkOutBody = {
  type: ['object', 'null'],
  properties: {
    latitude_checked_out: latitude,
    longitude_checked_out: longitude,
  },
  dependencies: { latitude_checked_out: ['longitude_checked_out'], longitude_checked_out: ['latitude_checked_out'] },
  additionalProperties: false,
} as const;

const place = {
  type: ['object', 'null'],
  description: 'null when that end has not happened (not checked out yet)',
  properties: {
    time: { type: 'string', format: 'date-time' },
    latitude: { type: ['number', 'null'] },
    longitude: { type: ['number', 'null'] },
    map_url: { type: ['string', 'null'], description: 'an embeddable map of the coordinates (MAP_EMBED_URL); null without one or without coordinates' },
    ip_address: { type: ['string', 'null'] },
    ip_place: {
      type: ['object', 'null'],
      properties: {
        description: { type: 'string' },
        kind: { type: 'string', enum: ['private', 'loopback', 'reserved', 'public', 'invalid'] },
        city: { type: ['string', 'null'] },
        region: { type: ['string', 'null'] },
        country: { type: ['string', 'null'] },
      },
      required: ['description', 'kind'],
    },
  },
  required: ['time', 'latitude', 'longitude', 'map_url', 'ip_address', 'ip_place'],
} as const;

/** GET attendances/{id}/places: where the record's check-in and check-out happened, for its details dialog. */
export const attendancePlaces = {
  type: 'object',
  properties: { id: { type: 'integer' }, checked_in: place, checked_out: place },
  required: ['id', 'checked_in', 'checked_out'],
} as const;
