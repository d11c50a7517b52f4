// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LazyChoiceListbox, LazyChoiceSwitch } from '../../../../src/console/renderer/skin/LazyChoiceControls';
import '../../helpers/dom';

// Not through renderPart: its helper preloads every filter's code, these controls' with it.
describe('the lists’ selects and switches fetched on demand', () => {
  it('hold their place with their labels, texts and state until their code arrives, then are the listbox and the switch', async () => {
    render(
      <>
        <LazyChoiceListbox
          label="Status"
          className="relative w-48"
          value="active"
          onChange={() => undefined}
          text="Active"
          choices={[
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
          ]}
        />
        <LazyChoiceSwitch checked onChange={() => undefined} label="Open only" labelClassName="text-sm" />
      </>,
    );
    const button = screen.getByRole('button', { name: 'Status' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveTextContent('Active');
    const placeholderSwitch = screen.getByRole('switch', { name: 'Open only' });
    expect(placeholderSwitch).toBeDisabled();
    expect(placeholderSwitch).toBeChecked();
    await waitFor(() => expect(screen.getByRole('button', { name: /Status/ })).not.toBeDisabled());
    expect(screen.getByRole('button', { name: /Status/ })).toHaveAttribute('aria-haspopup', 'listbox');
    expect(screen.getByRole('button', { name: /Status/ })).toHaveTextContent('Active');
    expect(screen.getByRole('switch', { name: 'Open only' })).not.toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Open only' })).toBeChecked();
  });
});
