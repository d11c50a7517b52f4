// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from '../../../src/console/ui/Button';
import { Modal } from '../../../src/console/ui/Modal';
import '../helpers/dom';

describe('the console’s dialog', () => {
  it('puts the focus on its first field, not on the buttons before it', async () => {
    render(
      <Modal open title="Assign to Patient" onClose={() => undefined}>
        <Button>Help</Button>
        <label>
          Note <textarea disabled />
        </label>
        <label>
          Patient <input />
        </label>
        <select aria-label="Reason" />
        <Button>Save</Button>
      </Modal>,
    );
    await waitFor(() => expect(screen.getByLabelText('Patient')).toHaveFocus());
  });

  it('falls back to its first button when it has no field', async () => {
    render(
      <Modal open title="Decommission device?" onClose={() => undefined}>
        <p>The device can no longer be assigned.</p>
        <Button disabled>Later</Button>
        <Button>Cancel</Button>
        <Button variant="danger">Decommission</Button>
      </Modal>,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
  });

  it('leaves the focus where a child put it (autoFocus)', async () => {
    render(
      <Modal open title="Are you still here?" role="alertdialog">
        <Button>Log out</Button>
        <Button autoFocus>Stay signed in</Button>
      </Modal>,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Stay signed in' })).toHaveFocus());
  });
});
