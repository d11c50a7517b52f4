import { describe, expect, it } from 'vitest';
import type { ResultText } from '../../../../schemas/screen';
import type { EvalContext } from '../../../../src/console/renderer/core/context';
import { resultText } from '../../../../src/console/renderer/core/resultText';
import { environmentFor } from '../../helpers/environments';

const bulkToast: ResultText = [
  { when: { eq: ['response.existing_imeis', []] }, text: '{response.created_devices|count} devices created successfully.' },
  { text: '{response.created_devices|count} devices created successfully. The following IMEIs are already in use: {response.existing_imeis|join}' },
];
const answered = (response: unknown): EvalContext => ({ ...environmentFor('internal_admin'), response });

describe('result texts', () => {
  it('fills one text from the answer', () => {
    expect(resultText('Created {response.id}', answered({ id: 12 }))).toBe('Created 12');
  });

  it('takes the first text whose condition holds', () => {
    expect(resultText(bulkToast, answered({ created_devices: [{}, {}], existing_imeis: [] }))).toBe('2 devices created successfully.');
    expect(resultText(bulkToast, answered({ created_devices: [{}], existing_imeis: ['356938035643809', '990000862471854'] }))).toBe(
      '1 devices created successfully. The following IMEIs are already in use: 356938035643809, 990000862471854',
    );
  });

  it('gives nothing when no text is given or none applies, so the caller says its default', () => {
    expect(resultText(undefined, answered({}))).toBeUndefined();
    expect(resultText([{ when: { set: 'response.id' }, text: 'x' }], answered({}))).toBeUndefined();
  });
});
