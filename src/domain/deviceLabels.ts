import type { DEVICE_MANUFACTURERS, DEVICE_TYPES } from './enums';

/**
 * How device types and manufacturers read, wherever they are shown (lists, filters, forms, the
 * device page's title): an acronym stays one (CGM, a continuous glucose monitor) and a brand is
 * spelled as its maker spells it (FreeStyle Libre), which no rule over the code gives.
 */
export const DEVICE_TYPE_LABELS: { readonly [T in (typeof DEVICE_TYPES)[number]]: string } = {
  blood_pressure: 'Blood Pressure',
  pulse_oximeter: 'Pulse Oximeter',
  weight_scale: 'Weight Scale',
  peak_flow_meter: 'Peak Flow Meter',
  glucometer: 'Glucometer',
  cgm: 'CGM',
  tenovi_gateway: 'Tenovi Gateway',
};

export const DEVICE_MANUFACTURER_LABELS: { readonly [M in (typeof DEVICE_MANUFACTURERS)[number]]: string } = {
  tenovi: 'Tenovi',
  tellihealth: 'Tellihealth',
  bodytrace: 'Bodytrace',
  smartmeter: 'Smartmeter',
  freestylelibre: 'FreeStyle Libre',
  transtek: 'Transtek',
  other: 'Other',
};
