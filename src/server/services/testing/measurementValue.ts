import type { TestMeasurement } from '../../../../schemas/payloads/testMeasurement';
import type { CreatableDeviceType } from '../../../domain/testMeasurements';

type Reading = { name: string; value: number | string; unit: { text: string }; timestamp: string } & Record<string, unknown>;

/**
 * A measurement's value as the console reads it (spec 000 section 3; the Measurements card's cell
 * in src/console/renderer/core/activityFormat.ts): an array whose first item holds name, value,
 * unit.text and timestamp. Blood pressure's first item carries systolic and diastolic (its value
 * reads "120/80"); the pulse of a blood pressure cuff or a pulse oximeter is a second item.
 */
export function measurementValue(type: CreatableDeviceType, body: TestMeasurement, timestamp: string): Reading[] {
  const reading = (name: string, value: number | string, unit: string, extra: Record<string, unknown> = {}): Reading => ({
    name,
    value,
    unit: { text: unit },
    timestamp,
    ...extra,
  });
  const pulse = () => reading('heart_rate', Number(body.pulse), 'bpm');
  switch (type) {
    case 'pulse_oximeter':
      return [reading('oxygen_saturation', Number(body.spo2), '%'), pulse()];
    case 'blood_pressure':
      return [
        reading('blood_pressure', `${String(body.systolic)}/${String(body.diastolic)}`, 'mmHg', { systolic: body.systolic, diastolic: body.diastolic }),
        pulse(),
      ];
    case 'weight_scale':
      return [reading('body_mass', Number(body.weight), String(body.unit))];
    case 'glucometer':
      return [reading('blood_glucose', Number(body.blood_glucose), 'mg/dL')];
    case 'peak_flow_meter':
      return [reading('peak_expiratory_flow_rate', Number(body.peak_expiratory_flow_rate), 'L/min')];
  }
}
