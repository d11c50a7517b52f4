import { describe, expect, it } from 'vitest';
import type { ResultText } from '../../../../schemas/screen';
import type { EvalContext } from '../../../../src/console/renderer/core/context';
import { resultText } from '../../../../src/console/renderer/core/resultText';
import { environmentFor } from '../../helpers/environments';

const bulkToast: ResultText = [
  { when: { eq: ['response.existing_imeis', []] }, text: '{response.created_devices|count} devices created successfully.' },
  {
    text: '{response.created_devices|count} devices created successfully. The following IMEIs are already in use: {response.existing_imeis|join}',
    tone: 'warning',
  },
];
const answered = (response: unknown): EvalContext => ({ ...environmentFor('internal_admin'), response });

describe('result texts', () => {
  it('fills one text from the answer', () => {
    expect(resultText('Created {response.id}', answered({ id: 12 }))).toEqual({ message: 'Created 12', tone: 'success' });
  });

  it('takes the first text whose condition holds, with its tone (success unless it says otherwise)', () => {
    expect(resultText(bulkToast, answered({ created_devices: [{}, {}], existing_imeis: [] }))).toEqual({
      message: '2 devices created successfully.',
      tone: 'success',
    });
    expect(resultText(bulkToast, answered({ created_devices: [{}], existing_imeis: ['356938035643809', '990000862471854'] }))).toEqual({
      message: '1 devices created successfully. The following IMEIs are already in use: 356938035643809, 990000862471854',
      tone: 'warning',
    });
  });

  it('gives nothing when no text is given or none applies, so the caller says its default', () => {
    expect(resultText(undefined, answered({}))).toBeUndefined();
    expect(resultText([{ when: { set: 'response.id' }, text: 'x' }], answered({}))).toBeUndefined();
  });
});
