import { EMPTY_TEXT } from '../../core/format';
import { NO_OPTIONS } from '../registryEntry';
import { defineCell } from './cellTypes';

/** A number of percent: a battery's 80 -> '80%'. */
export const percentCell = defineCell(NO_OPTIONS, ({ value }) => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return <>{typeof number === 'number' && Number.isFinite(number) ? `${number}%` : EMPTY_TEXT}</>;
});
