// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { apiFetcher, createDataProvider } from '../../../../src/console/api/dataProvider';
import { screenRegistries } from '../../../../src/console/features';
import { memoryDraftStorage, type DraftStorage } from '../../../../src/console/renderer/core/formDrafts';
import { Screen } from '../../../../src/console/renderer/Screen';
import { ScreenEnvironmentProvider } from '../../../../src/console/renderer/ScreenEnvironmentProvider';
import '../../helpers/dom';
import { INTERNAL_ADMIN } from '../../helpers/environments';
import { fixtureApi } from '../../helpers/fixtureApi';
import { useMswServer } from '../../helpers/msw';
import { testQueryClient } from '../../helpers/renderScreen';

const server = useMswServer();

/** The Add organization form in an environment that keeps drafts in the storage given. */
function open(draftStorage: DraftStorage) {
  const api = fixtureApi();
  server.use(...api.handlers);
  const location = memoryLocation({ path: '/providers/create', record: true });
  const view = render(
    <QueryClientProvider client={testQueryClient()}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <ScreenEnvironmentProvider
          value={INTERNAL_ADMIN}
          registries={screenRegistries}
          dataProvider={createDataProvider(apiFetcher())}
          draftStorage={draftStorage}
        >
          <Route path="/providers/create">
            <Screen id="providers.create" />
          </Route>
        </ScreenEnvironmentProvider>
      </Router>
    </QueryClientProvider>,
  );
  return { ...view, api };
}

describe('form drafts in the storage the environment gives', () => {
  it('keeps the draft there, not in the session storage, restores it and drops it on save', async () => {
    const user = userEvent.setup();
    const storage = memoryDraftStorage();
    const first = open(storage);
    await user.type(await screen.findByLabelText(/^Name/), 'Harbor Care');
    expect(JSON.parse(storage.get('screen-draft:100:providers.create:new') ?? 'null')).toMatchObject({ name: 'Harbor Care' });
    expect(sessionStorage.length).toBe(0);
    first.unmount();

    open(storage);
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('Harbor Care');
    await user.type(screen.getByLabelText(/Primary Email/), 'office@harbor.example');
    await user.type(screen.getByLabelText(/NPI Number/), '1234567890');
    for (const [field, option] of [
      [/Customer Size/, 'Small'],
      [/Time Zone/, 'America/New York'],
      [/Billing Scheme/, 'Subscription'],
    ] as const) {
      await user.click(screen.getByRole('button', { name: field }));
      await user.click(screen.getByRole('option', { name: option }));
    }
    await user.type(screen.getByLabelText(/^Street \*/), '1 Harbor Way');
    await user.type(screen.getByLabelText(/City/), 'Portland');
    await user.type(screen.getByLabelText(/State/), 'ME');
    await user.type(screen.getByLabelText(/ZIP Code/), '04101');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Provider created.')).toBeInTheDocument();
    await waitFor(() => expect(storage.get('screen-draft:100:providers.create:new')).toBeNull());
  });
});
