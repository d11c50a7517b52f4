import { EMPTY_TEXT, plainText } from '../../renderer/core/format';
import { humanize } from '../../renderer/core/templates';
import { defineCell } from '../../renderer/registries/cells/cellTypes';
import { ReadingTime } from './ReadingTime';
import { deviceReadingsCellOptions } from './DeviceReadingsCell.options';

type Device = Readonly<Record<string, unknown>>;

const isDevice = (value: unknown): value is Device => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The patient's devices, each with the time of its last reading ('Blood Pressure, last reading 3
 * hours ago'; 'no reading yet'): a patient's chart banner. `labels` words device types.
 */
export const deviceReadingsCell = defineCell(deviceReadingsCellOptions, ({ value, options }) => {
  const devices = Array.isArray(value) ? value.filter(isDevice) : [];
  if (devices.length === 0) return <>{EMPTY_TEXT}</>;
  return (
    <ul className="space-y-0.5">
      {devices.map((device, i) => {
        const type = plainText(device.device_type ?? '');
        const last = typeof device.last_measurement === 'string' ? device.last_measurement : null;
        return (
          <li key={plainText(device.id ?? i)}>
            <span className="font-medium">{options.labels?.[type] ?? humanize(type)}</span>
            {', '}
            {last ? (
              <>
                last reading <ReadingTime value={last} />
              </>
            ) : (
              <span className="text-slate-600">no reading yet</span>
            )}
          </li>
        );
      })}
    </ul>
  );
});
