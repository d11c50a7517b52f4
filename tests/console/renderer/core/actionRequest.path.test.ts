// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { ActionDefinition } from '../../../../schemas/screen';
import { apiFetcher, createDataProvider } from '../../../../src/console/api/dataProvider';
import { actionMutation, runMutation } from '../../../../src/console/renderer/core/actionRequest';
import type { EvalContext } from '../../../../src/console/renderer/core/context';
import { environmentFor } from '../../helpers/environments';
import { http, HttpResponse } from 'msw';
import { useMswServer } from '../../helpers/msw';

type Sending = Extract<ActionDefinition, { type: 'dialog_form' | 'confirm' | 'bulk' }>;
const context: EvalContext = { ...environmentFor('superadmin'), record: { id: 10, tenant_id: 1 } };
const server = useMswServer();

describe('an action with its own path (PATCH locations/{id}/set-owner, POST testing/add-device)', () => {
  const setOwner: Sending = {
    type: 'dialog_form',
    name: 'set_owner',
    label: 'Set Owner',
    method: 'patch',
    path: '/locations/{id}/set-owner',
    form: { fields: ['tenant_id'] },
  };

  it('sends the form to the path filled from the record, by the method its `method` names', () => {
    expect(actionMutation(setOwner, { resource: 'locations', context, form: { tenant_id: 2 } })).toEqual({
      kind: 'request',
      path: '/locations/10/set-owner',
      method: 'PATCH',
      data: { tenant_id: 2 },
    });
    const addDevice: Sending = {
      type: 'dialog_form',
      name: 'add_device',
      label: 'Add Device',
      method: 'create',
      path: '/testing/add-device',
      form: { omit: ['test_account'] },
    };
    expect(actionMutation(addDevice, { resource: '', context: { ...context, record: undefined }, form: { email: 'a@b.example', test_account: 'x' } })).toEqual({
      kind: 'request',
      path: '/testing/add-device',
      method: 'POST',
      data: { email: 'a@b.example' },
    });
    expect(actionMutation({ ...setOwner, method: undefined }, { resource: 'locations', context, form: {} })).toMatchObject({ method: 'PUT' });
  });

  it('goes through the data provider as JSON and answers what the server answered', async () => {
    const seen: { method: string; path: string; type: string | null; body: unknown }[] = [];
    server.use(
      http.all('*/api/locations/10/set-owner', async ({ request }) => {
        seen.push({ method: request.method, path: new URL(request.url).pathname, type: request.headers.get('content-type'), body: await request.json() });
        return HttpResponse.json({ id: 10, tenant_id: 2 });
      }),
    );
    const answer = await runMutation(createDataProvider(apiFetcher()), actionMutation(setOwner, { resource: 'locations', context, form: { tenant_id: 2 } }));
    expect(answer).toEqual({ id: 10, tenant_id: 2 });
    expect(seen).toEqual([{ method: 'PATCH', path: '/api/locations/10/set-owner', type: 'application/json', body: { tenant_id: 2 } }]);
  });
});
