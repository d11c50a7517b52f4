import { gzipSync } from 'node:zlib';
import { resolve } from 'node:path';
import { build, type Rollup } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';

const KB = 1024;
/**
 * Issue 20: the sign-in route within 80 KB of JavaScript (gzip). It is 79.9 KB, React DOM alone 58:
 * the two-factor steps, the password reset, the passkey ceremony and the unsupported-browser overlay
 * load when reached, and wouter's useSyncExternalStore shim is React's own hook (vite.config.ts).
 */
const SIGN_IN_BUDGET = 80 * KB;
/**
 * Issue 20 asks a list route for at most 200 KB and any route for 300 KB. Not met yet: a list route
 * is 219 KB (was 340: the features' widgets and the screens' files now load when a page draws them;
 * then 263, then 230), most of it libraries the shell and the lists draw with (React DOM, Headless UI and
 * Floating UI, TanStack Query and Table), and a form adds RJSF and Ajv (158 KB); README,
 * "Console weight". These are today's ceilings, so that no change adds weight unnoticed; lower them
 * as the routes get lighter.
 */
// Issue 23 (clinical activities) raised both by 1 KB: the runs' details cell, the template list
// rules and cells, and the templates' and runs' list schemas are on every list page (the runner,
// the builders and their full schemas load on demand; 3.4 KB of them were moved out of the list
// route before this was raised).
// Issue 20 then lowered it from 263 to 230 KB (262.8 to 230.0), moving out of the list route what a
// list page does not draw: the record combobox (Headless UI's Combobox and @tanstack/virtual-core,
// 20 KB with the form fragments), fetched when a list's search_selector or care_team filter is drawn
// (skin/LazyRecordCombobox.tsx); the form fragments (screens/fragments), fetched with a form that
// names one; the show, tabs, dashboard and form kinds, each a chunk fetched when a screen of its kind
// is drawn (renderer/kinds/index.ts: 3 KB), the list kind's chunk being counted in listRoute(); the
// features' cells of few lists (the details dialogs, tasks, billing's services, progress and fee
// pricing, the queues' readings and observations, inline edit: 5 KB), fetched with the page's
// definition (defineLazyCell); and the record header's "more actions" popover (Headless UI's
// Popover, 5 KB), which only a show screen's menu draws.
// Issue 20 then lowered it from 230 to 220 KB (230.0 to 219.2): Headless UI's Listbox and Switch (6 KB)
// are fetched when a list draws a select, multiselect, month or switch filter, a search field selector, a
// view selector or a toggle (skin/LazyChoiceControls.tsx, started with the page's definition); the
// care-team filter with Headless UI's RadioGroup (3.7 KB) when All Patients draws it (careTeams/index.ts);
// the mock patient generator when its button is pressed, and the record_notes and deliberate_error
// widgets when a page draws them (1.2 KB).
const LIST_ROUTE_CEILING = 220 * KB;
// Issue 21 (Screen Studio) raised it by 1 KB: the checks of a definition are split into headless
// modules the server runs too (checkDefinition, checkRegistriesOf), which the validator's chunk loads.
// Issue 20 lowered it to 393 KB with the list route (the validator's route, 392.7 KB, is the heaviest;
// a form page, 392.1 KB with its kind's chunk and the patient form's fragment, is measured as well).
// Issue 20's next round lowered it to 392 KB (the validator's route 391.4 KB, a form page 390.9): the list
// route under them lost 10.9 KB, of which they load back the Listbox and Switch they draw (the preview's
// lists, RJSF's select and switch widgets), chunks of their own now (about 1 KB of chunk overhead).
const HEAVIEST_ROUTE_CEILING = 392 * KB;
/**
 * Issue 21: the studio's route (the editor, as it opens) stays under 350 KB. Its JSON editor
 * (CodeMirror 6, codemirror-json-schema and the meta-schema, 176 KB) loads when its tab is opened:
 * with it the route is 417.4 KB today (the preview, the texts, tabs, search fields, widgets and the comparison of versions
 * included), over the issue's 350, mostly because the list route under it is 219 KB (issue 20's 200 KB target would bring it
 * to about 398); that figure is held as a ceiling (429 KB until the list's Listbox, Switch and RadioGroup loaded on demand).
 */
const STUDIO_ROUTE_CEILING = 350 * KB;
const STUDIO_WITH_JSON_CEILING = 418 * KB;
const STUDIO = 'src/console/features/screenStudio/ScreenStudioEditor.tsx';
const JSON_EDITOR = 'src/console/features/screenStudio/JsonEditor.tsx';
/** Code the sign-in page must never load: charts, telephony, and the shell's screens and widgets. */
const FORBIDDEN = [
  /node_modules\/(chart\.js|react-chartjs-2)\//,
  /node_modules\/(@telnyx|@twilio|twilio|sip\.js|jssip|@signalwire)\//,
  /src\/console\/(renderer|widgets)\//,
];

let chunks: Rollup.OutputChunk[] = [];

/** The chunks a route needs: its own and every chunk they import statically. */
function closure(start: Rollup.OutputChunk[]): Rollup.OutputChunk[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Map<string, Rollup.OutputChunk>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    chunk.imports.forEach((name) => {
      const imported = byName.get(name);
      if (imported) visit(imported);
    });
  };
  start.forEach(visit);
  return [...seen.values()];
}

/** The chunk that holds the module `path` (a module imported on demand). */
function chunkOf(path: string): Rollup.OutputChunk {
  const found = chunks.filter((chunk) => Object.keys(chunk.modules).some((id) => id.endsWith(path)));
  expect(found, path).toHaveLength(1);
  return found[0] as Rollup.OutputChunk;
}

const gzipSize = (route: readonly Rollup.OutputChunk[]) => route.reduce((sum, chunk) => sum + gzipSync(chunk.code, { level: 9 }).length, 0);

/**
 * A signed-in list page: the entry, the shell, the renderer and the features (shell/useRenderer.ts),
 * the list kind's code (fetched on demand with the page's definition, renderer/kinds/index.ts), and what they import.
 */
function listRoute(): Rollup.OutputChunk[] {
  const entry = chunks.filter((chunk) => chunk.isEntry);
  return closure([
    ...entry,
    chunkOf('src/console/shell/ShellRoot.tsx'),
    chunkOf('src/console/renderer/Screen.tsx'),
    chunkOf('src/console/features/index.ts'),
    chunkOf('src/console/renderer/kinds/list/ListScreen.tsx'),
  ]);
}

/**
 * What a page may add to a list page's code on demand: the form engine (a dialog's form; a form page
 * with the form kind's code and the patient form's fragment), the charts, PDF.js, the screen validator.
 */
const ON_DEMAND: readonly (string | readonly string[])[] = [
  'src/console/renderer/rjsf/SchemaForm.tsx',
  ['src/console/renderer/rjsf/SchemaForm.tsx', 'src/console/renderer/kinds/form/FormScreen.tsx', 'src/console/renderer/core/formFragments.ts'],
  'src/console/features/analytics/MetricsChartCanvas.tsx',
  'src/console/features/clinical/charts/ChartDialog.tsx',
  'src/console/pages/pdf/PdfViewerPage.tsx',
  'src/console/renderer/validation/validateScreen.ts',
];

function signInRoute(): Rollup.OutputChunk[] {
  const entry = chunks.filter((chunk) => chunk.isEntry);
  const page = chunks.filter((chunk) => chunk.facadeModuleId?.endsWith('src/console/pages/SignInPage.tsx'));
  expect(entry).toHaveLength(1);
  expect(page).toHaveLength(1);
  return closure([...entry, ...page]);
}

describe('the routes’ JavaScript', () => {
  beforeAll(async () => {
    // The production build as `npm run build` makes it, kept in memory (dist/ may be served).
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    const output = await build({ configFile: resolve('vite.config.ts'), mode: 'production', logLevel: 'warn', build: { write: false } }).finally(
      () => (process.env.NODE_ENV = nodeEnv),
    );
    const results = (Array.isArray(output) ? output : [output]) as Rollup.RollupOutput[];
    chunks = results.flatMap((result) => result.output.filter((item): item is Rollup.OutputChunk => item.type === 'chunk'));
  }, 120_000);

  it('stays within its budget', () => {
    const route = signInRoute();
    const sizes = route.map((chunk) => ({ file: chunk.fileName, gzip: gzipSync(chunk.code, { level: 9 }).length }));
    const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
    console.log(
      `sign-in route JS: ${(total / KB).toFixed(1)} KB gzip of ${SIGN_IN_BUDGET / KB} KB\n` +
        sizes.map(({ file, gzip }) => `  ${file}  ${(gzip / KB).toFixed(1)} KB`).join('\n'),
    );
    expect(total).toBeLessThanOrEqual(SIGN_IN_BUDGET);
  });

  it('holds no chart, telephony, renderer or widget code', () => {
    const modules = signInRoute().flatMap((chunk) => Object.keys(chunk.modules));
    for (const pattern of FORBIDDEN) expect(modules.filter((id) => pattern.test(id))).toEqual([]);
  });

  it('leaves the shell and its query cache to their own chunks', () => {
    const modules = signInRoute().flatMap((chunk) => Object.keys(chunk.modules));
    expect(modules.filter((id) => /src\/console\/shell\/ShellRoot\.tsx|@tanstack\/react-query|@headlessui/.test(id))).toEqual([]);
  });

  it('a list page loads no form engine, validator, chart or PDF code, and stays under its ceiling', () => {
    const route = listRoute();
    const modules = route.flatMap((chunk) => Object.keys(chunk.modules));
    expect(modules.filter((id) => /node_modules\/(@rjsf\/core|@rjsf\/validator-ajv8|ajv|ajv-formats|chart\.js|react-chartjs-2|pdfjs-dist)\//.test(id))).toEqual(
      [],
    );
    expect(modules.filter((id) => /src\/console\/renderer\/(rjsf\/SchemaForm|validation\/)/.test(id))).toEqual([]);
    // Issue 22: the call panel, its dialog and the carriers' devices load when a call starts (the shell holds only the dock).
    expect(
      modules.filter((id) =>
        /node_modules\/@twilio\/|src\/console\/features\/calling\/(CallPanel|CallDialog|CallButtonWidget|simulatedDevice|twilioDevice)/.test(id),
      ),
    ).toEqual([]);
    const total = gzipSize(route);
    console.log(`list route JS: ${(total / KB).toFixed(1)} KB gzip (issue 20's target: 200 KB; ceiling today ${LIST_ROUTE_CEILING / KB} KB)`);
    expect(total).toBeLessThanOrEqual(LIST_ROUTE_CEILING);
  });

  it('no route, with any code a page loads on demand, goes past its ceiling', () => {
    const list = listRoute();
    for (const entry of ON_DEMAND) {
      const paths = typeof entry === 'string' ? [entry] : entry;
      const total = gzipSize([...new Set([...list, ...closure(paths.map(chunkOf))])]);
      console.log(`list route + ${paths.join(' + ')}: ${(total / KB).toFixed(1)} KB gzip (issue 20's target: 300 KB)`);
      expect(total, paths.join(' + ')).toBeLessThanOrEqual(HEAVIEST_ROUTE_CEILING);
    }
  });

  it('the Screen Studio editor stays under its ceiling, and no other route loads its code', () => {
    const list = listRoute();
    const studio = gzipSize([...new Set([...list, ...closure([chunkOf(STUDIO)])])]);
    const withJson = gzipSize([...new Set([...list, ...closure([chunkOf(STUDIO), chunkOf(JSON_EDITOR)])])]);
    console.log(`studio route: ${(studio / KB).toFixed(1)} KB gzip (issue 21: 350 KB); with the JSON editor open: ${(withJson / KB).toFixed(1)} KB`);
    expect(studio).toBeLessThanOrEqual(STUDIO_ROUTE_CEILING);
    expect(withJson).toBeLessThanOrEqual(STUDIO_WITH_JSON_CEILING);
    const studioCode =
      /node_modules\/(codemirror|@codemirror|codemirror-json-schema|json-schema-library)\/|src\/console\/features\/screenStudio\/(?!index\.ts$)/;
    // The feature's index (its two lazy widget entries) is in the shell, as every feature's is.
    for (const chunk of [...list, ...signInRoute()])
      expect(
        Object.keys(chunk.modules).filter((id) => studioCode.test(id)),
        chunk.fileName,
      ).toEqual([]);
  });
});
