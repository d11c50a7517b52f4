import { EMPTY_TEXT, plainText } from '../../renderer/core/format';
import { humanize } from '../../renderer/core/templates';
import { signalLabel } from '../devices/deviceFormat';

type Item = Readonly<Record<string, unknown>>;

const firstItem = (value: unknown): Item | undefined => {
  const item: unknown = Array.isArray(value) ? value[0] : undefined;
  return typeof item === 'object' && item !== null ? (item as Item) : undefined;
};
const objectOf = (value: unknown): Item => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Item) : {});
const unitOf = (item: Item) => {
  const unit = objectOf(item.unit).text;
  return typeof unit === 'string' && unit !== '' ? ` ${unit}` : '';
};

/** A measurement's reading (spec 000 section 3): '128/84 mmHg', '97 %', '182.4 lbs'. */
export function formatMeasurement(value: unknown): string {
  const item = firstItem(value);
  if (!item) return EMPTY_TEXT;
  if (item.systolic !== undefined && item.diastolic !== undefined) return `${plainText(item.systolic)}/${plainText(item.diastolic)}${unitOf(item)}`;
  return item.value === undefined ? EMPTY_TEXT : `${plainText(item.value)}${unitOf(item)}`;
}

/** What a device event says, by its type: an issue, a message, a ping, a measurement. */
export function describeActivity(activityType: unknown, value: unknown): string {
  switch (activityType) {
    case 'measurement':
      return formatMeasurement(value);
    case 'issue_report': {
      const issue = objectOf(value);
      const kind = typeof issue.issue_type === 'string' ? humanize(issue.issue_type) : 'Issue';
      const text = typeof issue.description === 'string' && issue.description !== '' ? `${kind}: ${issue.description}` : kind;
      return issue.is_resolved === true ? `${text} (resolved)` : text;
    }
    case 'device_ping': {
      const ping = firstItem(value) ?? {};
      const parts = [
        ping.battery === undefined ? undefined : `Battery ${plainText(ping.battery)}%`,
        `Signal ${signalLabel(ping.signal)}`,
        typeof ping.network === 'string' ? ping.network : undefined,
      ];
      return parts.filter(Boolean).join(' · ');
    }
    default: {
      const message = objectOf(value).message;
      return typeof message === 'string' ? message : EMPTY_TEXT;
    }
  }
}
