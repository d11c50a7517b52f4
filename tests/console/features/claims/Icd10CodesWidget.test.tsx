// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { claimItemSchema } from '../../../../schemas/entities/claimItem';
import type { FormDefinition } from '../../../../schemas/screen';
import { screenRegistries } from '../../../../src/console/features';
import { ICD10_NONE_FOUND, ICD10_TOO_SHORT } from '../../../../src/console/features/claims/Icd10CodesWidget';
import { recentIcd10Key } from '../../../../src/console/features/claims/recentIcd10Codes';
import type { ApiRow } from '../../../../src/console/renderer/core/context';
import { SchemaForm } from '../../../../src/console/renderer/rjsf/SchemaForm';
import '../../helpers/dom';
import { INTERNAL_ADMIN } from '../../helpers/environments';
import { useMswServer } from '../../helpers/msw';
import { renderPart } from '../../helpers/renderPart';

const server = useMswServer();

/** A slice of ICD-10-CM as GET icd10 answers it. */
const CODES = [
  { code: 'E11', description: 'Type 2 diabetes mellitus' },
  { code: 'E11.9', description: 'Type 2 diabetes mellitus without complications' },
  { code: 'E11.65', description: 'Type 2 diabetes mellitus with hyperglycemia' },
  { code: 'I10', description: 'Essential (primary) hypertension' },
  { code: 'J44.9', description: 'Chronic obstructive pulmonary disease, unspecified' },
  { code: 'N18.3', description: 'Chronic kidney disease, stage 3 (moderate)' },
  { code: 'E78.5', description: 'Hyperlipidemia, unspecified' },
].map((row) => ({ id: row.code, ...row }));

/** The ICD-10 search: what each request asked, answered from CODES as the API does (code prefix or description words). */
function icd10Api() {
  const asked: Record<string, unknown>[] = [];
  server.use(
    http.get('*/api/icd10', ({ request }) => {
      const filter = JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}') as { q?: string; 'id[in]'?: string[] };
      asked.push(filter);
      const ids = filter['id[in]'];
      const q = (filter.q ?? '').toLowerCase();
      if (!ids && q.length < 3) return HttpResponse.json({ detail: [{ loc: ['query', 'q'], msg: 'at least 3 characters' }] }, { status: 422 });
      const rows = ids
        ? CODES.filter((c) => ids.includes(c.code))
        : CODES.filter((c) => c.code.toLowerCase().startsWith(q) || c.description.toLowerCase().includes(q));
      return HttpResponse.json(rows, { headers: { 'Content-Range': `icd10 0-${Math.max(rows.length - 1, 0)}/${rows.length}` } });
    }),
  );
  return { searches: () => asked.filter((filter) => 'q' in filter), reads: () => asked.filter((filter) => 'id[in]' in filter) };
}

const form: FormDefinition = {
  fields: ['icd10_ids'],
  alwaysEnabled: true,
  uiSchema: { icd10_ids: { 'ui:title': 'Diagnosis Codes', 'ui:widget': 'icd10_codes' } },
};

function renderPicker(initial: string[] = [], draftKey = 'claims.test') {
  const submit = vi.fn((_data: ApiRow) => Promise.resolve());
  renderPart(
    <SchemaForm
      form={form}
      entity={claimItemSchema}
      initialData={initial.length ? { icd10_ids: initial } : {}}
      draftKey={draftKey}
      context={{ ...INTERNAL_ADMIN, registries: screenRegistries }}
      onSubmit={submit}
    />,
  );
  return { submit, input: screen.getByRole('combobox', { name: /Diagnosis Codes/ }) };
}

const chips = () => within(screen.getByRole('list', { name: 'Chosen diagnosis codes' })).getAllByRole('listitem');
const chipCodes = () =>
  screen.queryByRole('list', { name: 'Chosen diagnosis codes' }) ? chips().map((chip) => chip.querySelector('.font-mono')?.textContent) : [];

afterEach(() => window.localStorage.clear());

describe('the ICD-10 picker (spec 002 sections 5 and 9)', () => {
  it('searches GET icd10 from 3 characters only, and adds the code picked', async () => {
    const api = icd10Api();
    const user = userEvent.setup();
    const { input, submit } = renderPicker();
    await user.type(input, 'E1');
    expect(await screen.findByText(ICD10_TOO_SHORT)).toBeInTheDocument();
    expect(ICD10_TOO_SHORT).toBe('Please enter at least 3 characters to search');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(api.searches()).toEqual([]);
    await user.type(input, '1');
    await user.click(await screen.findByRole('option', { name: /E11\.9 Type 2 diabetes mellitus without complications/ }));
    expect(api.searches()).toEqual([{ q: 'E11' }]);
    expect(chipCodes()).toEqual(['E11.9']);
    expect(chips()[0]).toHaveTextContent('Type 2 diabetes mellitus without complications');
    expect(input).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ icd10_ids: ['E11.9'] }));
  });

  it('finds codes by the words of their description, and says when none matches', async () => {
    icd10Api();
    const user = userEvent.setup();
    const { input } = renderPicker();
    await user.type(input, 'hypertension');
    expect(await screen.findByRole('option', { name: /I10 Essential \(primary\) hypertension/ })).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'zzz');
    expect(await screen.findByText(ICD10_NONE_FOUND)).toBeInTheDocument();
  });

  it("takes at most 4 codes: at 4 the box is disabled and says 'Max of 4 choices'", async () => {
    icd10Api();
    const user = userEvent.setup();
    const { input } = renderPicker(['E11.9', 'I10', 'J44.9']);
    expect(screen.queryByText('Max of 4 choices')).toBeNull();
    await user.type(input, 'N18');
    await user.click(await screen.findByRole('option', { name: /N18\.3/ }));
    expect(chipCodes()).toEqual(['E11.9', 'I10', 'J44.9', 'N18.3']);
    expect(screen.getByText('Max of 4 choices')).toBeInTheDocument();
    expect(input).toBeDisabled();
    expect(input).toHaveAccessibleDescription(/Max of 4 choices/);
    await user.click(screen.getByRole('button', { name: 'Remove I10' }));
    expect(chipCodes()).toEqual(['E11.9', 'J44.9', 'N18.3']);
    expect(input).toBeEnabled();
    expect(screen.queryByText('Max of 4 choices')).toBeNull();
  });

  it('reads the descriptions of the codes a claim holds', async () => {
    const api = icd10Api();
    renderPicker(['E11.9', 'I10']);
    await waitFor(() => expect(chips()[1]).toHaveTextContent('Essential (primary) hypertension'));
    expect(chipCodes()).toEqual(['E11.9', 'I10']);
    expect(api.reads()).toEqual([{ 'id[in]': ['E11.9', 'I10'] }]);
  });

  it("offers the user's most recently chosen codes, newest first, while the box is empty", async () => {
    icd10Api();
    const user = userEvent.setup();
    const first = renderPicker();
    for (const text of ['I10', 'E78']) {
      await user.type(first.input, text);
      await user.click(await screen.findByRole('option', { name: new RegExp(`^${text}`) }));
    }
    const stored = JSON.parse(window.localStorage.getItem(recentIcd10Key(INTERNAL_ADMIN.identity.id)) ?? '[]') as { code: string }[];
    expect(stored.map((c) => c.code)).toEqual(['E78.5', 'I10']);
    // In another form (another claim), the empty box offers them, newest first, the chosen ones left out.
    cleanup();
    const second = renderPicker([], 'claims.other');
    await user.click(second.input);
    const recent = await screen.findByRole('group', { name: 'Recently used codes' });
    expect(
      within(recent)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['E78.5 Hyperlipidemia, unspecified', 'I10 Essential (primary) hypertension']);
    await user.click(within(recent).getByRole('option', { name: /I10/ }));
    expect(chipCodes()).toEqual(['I10']);
    await user.click(screen.getByRole('button', { name: 'Show codes' }));
    const again = await screen.findByRole('group', { name: 'Recently used codes' });
    expect(
      within(again)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['E78.5 Hyperlipidemia, unspecified']);
  });
});
