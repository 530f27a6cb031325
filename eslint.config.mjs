import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

const subfolders = (dir, except = []) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !except.includes(entry.name))
    .map((entry) => entry.name);

const features = subfolders('./frontend/src/features');
// libs/core's domains: every folder but the infrastructure and the shared test fakes.
const domains = subfolders('./libs/core/src', ['infra', 'testing']);

/**
 * Import directions (docs/architecture.md): a feature never imports another feature; shared frontend code
 * (components, lib) imports no feature and not the app; libs import no app; contracts import
 * nothing of core; infra imports no domain (the composition root wires them: core.module.ts,
 * entities.ts, job-names.ts).
 */
const boundaries = [
  ...features.map((feature) => ({
    target: `./frontend/src/features/${feature}`,
    from: './frontend/src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move what both need to src/components or src/lib.',
  })),
  { target: ['./frontend/src/components', './frontend/src/lib'], from: ['./frontend/src/features', './frontend/src/app'], message: 'Shared code imports no feature and not the app.' },
  { target: './libs', from: ['./backend', './worker', './frontend'], message: 'libs/ never import an application.' },
  { target: './libs/contracts', from: './libs/core', message: 'Contracts import nothing of libs/core.' },
  // Domains depend one way; these pairs used to depend on each other.
  ...[
    ['folders', 'assets'],
    ['organizations', 'auth'],
    ['brand-profiles', 'generation'],
  ].map(([lower, upper]) => ({
    target: `./libs/core/src/${lower}`,
    from: `./libs/core/src/${upper}`,
    message: `${upper}/ builds on ${lower}/, never the other way round: move what both need down into ${lower}/ or compose them in a third domain.`,
  })),
  // The networks behind the ad-network port are the registry's business: other domains use the port.
  {
    target: domains.filter((domain) => domain !== 'ad-network').map((domain) => `./libs/core/src/${domain}`),
    from: './libs/core/src/ad-network/*/**',
    message: 'Only ad-network/ knows its networks: use the port (AdNetworks, ad-network.port.ts) or the registry, never a network\'s folder.',
  },
  {
    target: './libs/core/src/infra',
    from: [...domains.map((domain) => `./libs/core/src/${domain}`), './libs/core/src/core.module.ts', './libs/core/src/entities.ts', './libs/core/src/job-names.ts', './libs/core/src/event-names.ts'],
    message: 'infra/ knows no domain: take what it needs as a parameter, composed at the root (core.module.ts, entities.ts, job-names.ts, event-names.ts).',
  },
];

// A computed replacement string reads `$&`, `$'` and `` $` `` in user or configuration text as
// patterns (a `$'` in a blog title pasted the rest of the page into its head): computed text goes
// in through a function, `text.replace(pattern, () => value)`. Literal replacements are fine.
const computedReplacement = {
  selector:
    "CallExpression[callee.property.name=/^replace(All)?$/][arguments.length=2]:matches([arguments.1.type='TemplateLiteral'][arguments.1.expressions.length>0], [arguments.1.type=/^(Identifier|MemberExpression|CallExpression|BinaryExpression|ConditionalExpression)$/])",
  message: "A computed replacement string reads `$&`, `$'` and `` $` `` in its text as patterns: pass a function, `.replace(pattern, () => text)`.",
};

// SQL has one home per table: its repository (`<domain>/<table>.repository.ts`). Services call
// repositories; raw SQL elsewhere is allowed only in migrations, tests and the SQL executor.
const sqlOutsideRepository = {
  selector: "CallExpression:matches([callee.property.name=/^(query|createQueryBuilder|queryPrepared)$/], [callee.name=/^(queryPrepared)$/])",
  message: 'SQL (query, createQueryBuilder, queryPrepared) is written only in a repository: move it into the owning table\'s <domain>/<table>.repository.ts and call that.',
};

const hardCodedLocale = 'Format dates, numbers and prices with src/lib/i18n/format.ts (formatDate, formatNumber, formatCurrency…): it formats for the active language.';
const snackbarMessage = "Use toast() from src/lib/toast: the app has one toast layer (it keeps clear of open dialogs' actions), and react-admin's messages go through it too.";

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/no-unsafe-function-type': 'off',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.spec.ts', '**/*.spec.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      // Parse TypeScript dependencies too (no-cycle follows them), resolving paths as tsc does.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['tsconfig.json', 'frontend/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
    },
  },
  {
    files: ['libs/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['**/*.spec.ts', '**/*.spec.tsx', '**/*.e2e-spec.ts', 'backend/test/**', 'worker/test/**'],
    rules: { 'no-restricted-syntax': ['error', computedReplacement] },
  },
  {
    files: ['backend/src/**/*.ts', 'worker/src/**/*.ts', 'libs/*/src/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/migrations/**', '**/*.spec.ts', '**/testing/**', '**/test/**', 'libs/core/src/infra/database/**'],
    rules: { 'no-restricted-syntax': ['error', computedReplacement, sqlOutsideRepository] },
  },
  {
    // Screens format dates, numbers, prices and relative times for the active language through
    // src/lib/i18n/format.ts; a locale written at a call site would stay English when the language changes.
    // (The block repeats the rule above: a later no-restricted-syntax replaces an earlier one.)
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: ['frontend/src/**/*.spec.ts', 'frontend/src/**/*.spec.tsx', 'frontend/src/test/**', 'frontend/src/lib/i18n/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        computedReplacement,
        { selector: 'Literal[value=/^en(-US)?$/]', message: hardCodedLocale },
        { selector: 'TemplateElement[value.cooked=/^en(-US)?$/]', message: hardCodedLocale },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@mui/material', importNames: ['Tooltip'], message: "Use src/components/Tooltip: it keeps the product's delay and skip delay." },
            { name: '@mui/material', importNames: ['Snackbar', 'SnackbarContent'], message: snackbarMessage },
            { name: '@mui/material/Snackbar', message: snackbarMessage },
            { name: '@mui/material/SnackbarContent', message: snackbarMessage },
          ],
        },
      ],
    },
  },
  {
    files: ['frontend/src/components/Tooltip.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
