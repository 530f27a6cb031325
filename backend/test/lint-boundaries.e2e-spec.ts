/**
 * The import directions (docs/architecture.md) are enforced by `npm run lint`, not remembered: each rule
 * fires on a violation placed where it matters (linted as text at a path in the tree).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');

// ESLint loads its ESM config by dynamic import, which Jest's VM refuses: lint in a child process.
const LINT_SCRIPT = `
  import { ESLint } from 'eslint';
  const cases = JSON.parse(process.argv[1]);
  const eslint = new ESLint({ cwd: process.cwd() });
  const out = [];
  for (const { filePath, code } of cases) {
    const [result] = await eslint.lintText(code, { filePath });
    out.push(result.messages.filter((m) => m.severity === 2).map((m) => m.ruleId + ': ' + m.message));
  }
  console.log(JSON.stringify(out));
`;

/** Each probe's errors, from one ESLint in one child process for all of them (an ESLint start costs seconds). */
function lintProbes(probes: Array<[filePath: string, code: string]>): string[][] {
  const cases = probes.map(([filePath, code]) => ({ filePath: join(ROOT, filePath), code }));
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', LINT_SCRIPT, JSON.stringify(cases)], { cwd: ROOT, encoding: 'utf8' });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout) as string[][];
}

const REFUSED: Array<[what: string, filePath: string, code: string, message: RegExp]> = [
  ['a feature importing another feature', 'frontend/src/features/studio/components/Probe.tsx', "import { foldersQueryKey } from '../../library/api/queryKeys';\nexport const probe = foldersQueryKey;\n", /A feature never imports another feature/],
  ['shared code importing a feature', 'frontend/src/lib/probe.ts', "import { BRAND_MESSAGES } from '../features/brand-brain/constants';\nexport const probe = BRAND_MESSAGES;\n", /Shared code imports no feature/],
  ['libs importing the backend', 'libs/core/src/assets/probe.ts', "import { createApp } from '../../../../backend/src/bootstrap';\nexport const probe = createApp;\n", /libs\/ never import an application/],
  ['contracts importing core', 'libs/contracts/src/probe.ts', "import { ENTITIES } from '../../core/src/entities';\nexport const probe = ENTITIES;\n", /Contracts import nothing of libs\/core/],
  ['infra importing a domain', 'libs/core/src/infra/queue/probe.ts', "import { FoldersService } from '../../folders/folders.service';\nexport const probe = FoldersService;\n", /infra\/ knows no domain/],
  ['folders importing the asset library', 'libs/core/src/folders/probe.ts', "import { AssetLibraryService } from '../assets/asset-library.service';\nexport const probe = AssetLibraryService;\n", /assets\/ builds on folders\//],
  ['organizations importing auth', 'libs/core/src/organizations/probe.ts', "import { AuthService } from '../auth/auth.service';\nexport const probe = AuthService;\n", /auth\/ builds on organizations\//],
  ['brand profiles importing generation', 'libs/core/src/brand-profiles/probe.ts', "import { GenerationService } from '../generation/generation.service';\nexport const probe = GenerationService;\n", /generation\/ builds on brand-profiles\//],
  ['a domain importing an ad network behind the port', 'libs/core/src/admin/probe.ts', "import { MetaGraphWarnings } from '../ad-network/meta/meta-graph-warnings';\nexport const probe = MetaGraphWarnings;\n", /Only ad-network\/ knows its networks/],
  ['computed text as a replacement string', 'backend/src/blog/probe.ts', "export const probe = (page: string, title: string) => page.replace('</head>', `<title>${title}</title></head>`);\n", /pass a function/],
  ['a hard-coded en-US formatter on a screen', 'frontend/src/features/dashboard/components/Probe.tsx', "export const probe = (n: number) => n.toLocaleString('en-US');\n", /src\/lib\/i18n\/format\.ts/],
  ['a hard-coded English relative time', 'frontend/src/admin/dashboard/probe.ts', "export const probe = new Intl.RelativeTimeFormat(`en`, { numeric: 'auto' });\n", /src\/lib\/i18n\/format\.ts/],
  ['computed text as a replacement string on a screen', 'frontend/src/features/blog/probe.ts', "export const probe = (page: string, title: string) => page.replace('</head>', `<title>${title}</title></head>`);\n", /pass a function/],
  ['SQL on a DataSource in a service', 'libs/core/src/assets/probe.service.ts', "import type { DataSource } from 'typeorm';\nexport const probe = (dataSource: DataSource) => dataSource.query('SELECT 1');\n", /SQL .* is written only in a repository/],
  ['a query builder in a controller', 'backend/src/assets/probe.controller.ts', "import type { DataSource } from 'typeorm';\nexport const probe = (dataSource: DataSource) => dataSource.createQueryBuilder().select('1');\n", /SQL .* is written only in a repository/],
  ['a prepared statement in a worker', 'worker/src/probe.ts', "import { queryPrepared } from '@brandloom/core';\nimport type { Pool } from 'pg';\nexport const probe = (pool: Pool) => queryPrepared(pool, 'SELECT 1', []);\n", /SQL .* is written only in a repository/],
  ['the MUI tooltip instead of ours', 'frontend/src/features/studio/components/Probe.tsx', "import { Tooltip } from '@mui/material';\nexport const probe = Tooltip;\n", /src\/components\/Tooltip/],
  ['the MUI snackbar instead of our toasts', 'frontend/src/features/library/components/Probe.tsx', "import { Snackbar } from '@mui/material';\nexport const probe = Snackbar;\n", /toast\(\) from src\/lib\/toast/],
  ['the MUI snackbar by its own path', 'frontend/src/admin/users/Probe.tsx', "import Snackbar from '@mui/material/Snackbar';\nexport const probe = Snackbar;\n", /toast\(\) from src\/lib\/toast/],
];

// asset-library.service imports folders.service, which imports folders.errors; folders.errors importing the library back closes a cycle.
const CYCLE: [string, string] = ['libs/core/src/folders/folders.errors.ts', "import { AssetLibraryService } from '../assets/asset-library.service';\nexport const probe = AssetLibraryService;\n"];

const ACCEPTED: Array<[filePath: string, code: string]> = [
  ['frontend/src/features/library/components/Probe.tsx', "import { foldersQueryKey } from '../api/queryKeys';\nexport const probe = foldersQueryKey;\n"],
  ['backend/src/blog/probe.ts', "export const probe = (page: string, title: string) => page.replace('</head>', () => `<title>${title}</title></head>`).replace(/a/g, '$&');\n"],
  ['frontend/src/lib/i18n/format.ts', "export const probe = new Intl.DateTimeFormat('en-US');\n"],
  ['frontend/src/features/dashboard/format.spec.ts', "export const probe = (n: number) => n.toLocaleString('en-US');\n"],
  ['libs/core/src/assets/probe.repository.ts', "import type { DataSource } from 'typeorm';\nexport const probe = (dataSource: DataSource) => dataSource.query('SELECT 1');\n"],
  ['libs/core/src/admin/probe.ts', "import { AdNetworks } from '../ad-network/ad-network.registry';\nexport const probe = AdNetworks;\n"],
  ['libs/core/src/job-names.ts', "import { GENERATION_JOBS } from './generation/generation-jobs.names';\nexport const probe = GENERATION_JOBS;\n"],
];

describe('lint: import boundaries', () => {
  let refused: string[][];
  let cycle: string[];
  let accepted: string[][];

  beforeAll(() => {
    const found = lintProbes([...REFUSED.map(([, filePath, code]) => [filePath, code] as [string, string]), CYCLE, ...ACCEPTED]);
    refused = found.slice(0, REFUSED.length);
    cycle = found[REFUSED.length];
    accepted = found.slice(REFUSED.length + 1);
  }, 120_000);

  it.each(REFUSED.map((probe, index) => [probe[0], index] as const))('refuses %s', (_, index) => {
    expect(refused[index].join('\n')).toMatch(REFUSED[index][3]);
  });

  it('restricts SQL in the config ESLint computes for every service file', () => {
    const script = `
      import { ESLint } from 'eslint';
      import { execFileSync } from 'node:child_process';
      const eslint = new ESLint({ cwd: process.cwd() });
      const out = {};
      const files = execFileSync('git', ['ls-files', 'backend/src', 'worker/src', 'libs'], { encoding: 'utf8' }).split('\\n').filter((file) => /\\/src\\/.*\\.service\\.ts$/.test(file));
      for (const file of files) out[file] = JSON.stringify((await eslint.calculateConfigForFile(file)).rules['no-restricted-syntax'] ?? null);
      console.log(JSON.stringify(out));
    `;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    if (child.status !== 0) throw new Error(child.stderr);
    const rules = JSON.parse(child.stdout) as Record<string, string>;
    expect(Object.keys(rules).length).toBeGreaterThan(20);
    const unrestricted = Object.entries(rules).filter(([, rule]) => !/queryPrepared/.test(rule) || !/repository/.test(rule)).map(([file]) => file);
    expect(unrestricted).toEqual([]);
  });

  it('refuses an import cycle in libs/core', () => {
    expect(cycle.join('\n')).toMatch(/import-x\/no-cycle/);
  });

  it('accepts the same imports where they belong', () => {
    expect(accepted.map((errors, index) => [ACCEPTED[index][0], errors])).toEqual(ACCEPTED.map(([filePath]) => [filePath, []]));
  });
});
