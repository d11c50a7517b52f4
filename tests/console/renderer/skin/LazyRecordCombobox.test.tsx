// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiFetcher, createDataProvider } from '../../../../src/console/api/dataProvider';
import { DataProviderContext } from '../../../../src/console/api/DataProviderContext';
import { LazyRecordCombobox } from '../../../../src/console/renderer/skin/LazyRecordCombobox';
import '../../helpers/dom';
import { useMswServer } from '../../helpers/msw';

// Not through renderPart: its helper preloads every filter's code, this combobox's with it.
const server = useMswServer();

describe('a record combobox fetched on demand', () => {
  it('holds its place with its label and the chosen record until its code arrives, then is the combobox', async () => {
    server.use(http.get('*/api/providers', () => HttpResponse.json({ data: [], total: 0 })));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <DataProviderContext.Provider value={createDataProvider(apiFetcher())}>
          <LazyRecordCombobox label="Provider" resource="providers" labelPath="name" value={{ id: 3, label: 'North Clinic' }} onChange={() => undefined} />
        </DataProviderContext.Provider>
      </QueryClientProvider>,
    );
    const placeholder = screen.getByRole('textbox', { name: 'Provider' });
    expect(placeholder).toBeDisabled();
    expect(placeholder).toHaveAttribute('aria-busy', 'true');
    expect(placeholder).toHaveValue('North Clinic');
    const combobox = await screen.findByRole('combobox', { name: 'Provider' });
    expect(combobox).toHaveValue('North Clinic');
    expect(screen.queryByRole('textbox', { name: 'Provider' })).toBeNull();
  });
});
