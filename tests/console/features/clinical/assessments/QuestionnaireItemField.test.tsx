// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QuestionnaireItemField } from '../../../../../src/console/features/clinical/assessments/QuestionnaireItemField';
import '../../../helpers/dom';

const integerItem = { linkId: 'puffs', text: 'How many puffs of your reliever did you take today?', type: 'integer', required: true, min: 0, max: 20 } as const;

describe('a questionnaire’s controls', () => {
  it('asks an integer in a number box within the item’s bounds, its message under it', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<QuestionnaireItemField item={integerItem} value={undefined} error={undefined} disabled={false} onChange={onChange} />);
    const box = screen.getByRole('spinbutton', { name: /How many puffs/ });
    expect(box).toHaveAttribute('min', '0');
    expect(box).toHaveAttribute('max', '20');
    expect(box).toBeRequired();
    expect(box).toHaveAccessibleDescription('From 0 to 20');
    await userEvent.setup().type(box, '4');
    expect(onChange).toHaveBeenLastCalledWith(4);
    rerender(<QuestionnaireItemField item={integerItem} value={25} error="Input should be less than or equal to 20" disabled={false} onChange={onChange} />);
    expect(box).toHaveValue(25);
    expect(box).toBeInvalid();
    expect(box).toHaveAccessibleDescription('From 0 to 20 Input should be less than or equal to 20');
  });

  it('asks a boolean as Yes or No', async () => {
    const onChange = vi.fn();
    render(
      <QuestionnaireItemField
        item={{ linkId: 'fall', text: 'Have you fallen?', type: 'boolean', required: true }}
        value={false}
        error={undefined}
        disabled={false}
        onChange={onChange}
      />,
    );
    const group = screen.getByRole('group', { name: /Have you fallen/ });
    expect(screen.getByRole('radio', { name: 'No' })).toBeChecked();
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Yes' }));
    expect(onChange).toHaveBeenCalledWith(true);
    expect(group).not.toHaveAccessibleDescription();
  });
});
