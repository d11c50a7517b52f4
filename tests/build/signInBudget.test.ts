import { gzipSync } from 'node:zlib';
import { resolve } from 'node:path';
import { build, type Rollup } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';

/** Issue 3: the sign-in page loads at most 150 KB of JavaScript (gzip). */
const BUDGET_BYTES = 150 * 1024;
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

function signInRoute(): Rollup.OutputChunk[] {
  const entry = chunks.filter((chunk) => chunk.isEntry);
  const page = chunks.filter((chunk) => chunk.facadeModuleId?.endsWith('src/console/pages/SignInPage.tsx'));
  expect(entry).toHaveLength(1);
  expect(page).toHaveLength(1);
  return closure([...entry, ...page]);
}

describe('the sign-in route’s JavaScript', () => {
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

  it('stays within 150 KB gzip', () => {
    const route = signInRoute();
    const sizes = route.map((chunk) => ({ file: chunk.fileName, gzip: gzipSync(chunk.code, { level: 9 }).length }));
    const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
    console.log(
      `sign-in route JS: ${(total / 1024).toFixed(1)} KB gzip of ${BUDGET_BYTES / 1024} KB\n` +
        sizes.map(({ file, gzip }) => `  ${file}  ${(gzip / 1024).toFixed(1)} KB`).join('\n'),
    );
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('holds no chart, telephony, renderer or widget code', () => {
    const modules = signInRoute().flatMap((chunk) => Object.keys(chunk.modules));
    for (const pattern of FORBIDDEN) expect(modules.filter((id) => pattern.test(id))).toEqual([]);
  });

  it('leaves the shell and its query cache to their own chunks', () => {
    const modules = signInRoute().flatMap((chunk) => Object.keys(chunk.modules));
    expect(modules.filter((id) => /src\/console\/shell\/ShellRoot\.tsx|@tanstack\/react-query|@headlessui/.test(id))).toEqual([]);
  });
});
