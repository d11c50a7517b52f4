import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layers of docs/CONVENTIONS.md hold because ESLint (inside `npm test`) refuses an import that
 * crosses them. Each case lints a probe file placed in a layer, with the project's own config, and
 * expects the boundary rule to name the import. The type-aware rules are off for the probes: a
 * probe is no file of the TypeScript project.
 */
const eslint = new ESLint({ overrideConfig: [tseslint.configs.disableTypeChecked] });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('the layer boundaries', () => {
  it.each([
    [
      'src/domain imports a server file',
      'src/domain/probe.ts',
      "import { buildApp } from '../server/app';\nexport const x = buildApp;\n",
      'src/domain is pure rules',
    ],
    [
      'src/domain imports the seed',
      'src/domain/probe.ts',
      "import { DEMO_PASSWORD } from '../server/db/seed/seed';\nexport const x = DEMO_PASSWORD;\n",
      'src/domain is pure rules',
    ],
    [
      'the console imports a server file',
      'src/console/probe.ts',
      "import { buildApp } from '../server/app';\nexport const x = buildApp;\n",
      'never imports server files',
    ],
    [
      'the renderer imports a feature',
      'src/console/renderer/probe.ts',
      "import { screenRegistries } from '../features';\nexport const x = screenRegistries;\n",
      'knows no feature',
    ],
    [
      'the headless core imports the skin',
      'src/console/renderer/core/probe.ts',
      "import { Button } from '../../ui/Button';\nexport const x = Button;\n",
      'headless core',
    ],
    [
      'a service imports a route',
      'src/server/services/probe.ts',
      "import { healthRoutes } from '../routes/health';\nexport const x = healthRoutes;\n",
      'never import a route folder',
    ],
    [
      'the resource engine imports a route',
      'src/server/resources/probe.ts',
      "import { healthRoutes } from '../routes/health';\nexport const x = healthRoutes;\n",
      'never import a route folder',
    ],
  ])('refuses %s', async (_case, filePath, code, reason) => {
    expect(await boundaryErrors(filePath, code)).toEqual([expect.stringContaining(reason)]);
  });

  it('lets the layers import downward', async () => {
    expect(
      await boundaryErrors('src/server/routes/probe.ts', "import { withTransaction } from '../resources/transaction';\nexport const x = withTransaction;\n"),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'src/console/features/probe.ts',
        "import { defineCell } from '../renderer/registries/cells/cellTypes';\nexport const x = defineCell;\n",
      ),
    ).toEqual([]);
  });
});
