// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import '../../helpers/dom';
import { useMswServer } from '../../helpers/msw';
import { renderPart } from '../../helpers/renderPart';
import { RecordCombobox } from '../../../../src/console/renderer/skin/RecordCombobox';

const server = useMswServer();

describe('a record picker', () => {
  it('says so when its search fails, rather than offering nobody', async () => {
    server.use(http.get('*/api/users', () => HttpResponse.json({ detail: [{ loc: ['query', 'filter'], msg: 'bad filter' }] }, { status: 422 })));
    renderPart(<RecordCombobox label="Clinician" resource="users" labelPath="full_name" value={null} onChange={() => undefined} debounceMs={0} />);
    await userEvent.setup().type(screen.getByRole('combobox', { name: 'Clinician' }), 'Ann');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^The search failed: /);
    expect(screen.getByRole('combobox', { name: 'Clinician' })).toHaveAccessibleDescription(alert.textContent ?? '');
  });
});
