import { basename, join } from 'node:path';

/**
 * The app-booting suites (`*.e2e-spec.ts` in `backend/test` and `worker/test`), grouped by domain.
 * Jest loads every module again for each test file; a bundle is one test file for Jest, so the
 * app's modules (Nest, TypeORM, the SDKs, every domain) are loaded once per bundle instead of once
 * per suite, which halves the CPU time of the small suites. Each suite still starts its own app on
 * its own database. A bundle stays under about a minute so that Jest's workers end together;
 * the heaviest suites are bundles of their own. `bundles.spec.ts` fails when a suite is in no
 * bundle or in two, or when a bundle has no entry file (`<name>.e2e-bundle.ts`).
 */
export const BUNDLES = {
  launcher: ['backend/test/launcher', 'backend/test/docker-compose'],
  'fuzz-1': ['backend/test/fuzz/fuzz-1'],
  'fuzz-2': ['backend/test/fuzz/fuzz-2'],
  'fuzz-3': ['backend/test/fuzz/fuzz-3'],
  formats: ['backend/test/formats'],
  'ad-network': ['backend/test/meta', 'backend/test/meta-push-ads', 'backend/test/ad-results'],
  ads: ['backend/test/ads', 'backend/test/ad-translate', 'backend/test/brand-kit'],
  generation: ['backend/test/generation', 'backend/test/generation-sizes', 'backend/test/generation-s3', 'backend/test/damaged-uploads', 'worker/test/generation-worker'],
  'image-providers': ['backend/test/generation-openai', 'backend/test/image-providers', 'backend/test/brand-generation'],
  'studio-and-library': ['backend/test/generation-bulk', 'backend/test/generation-bulk-redis', 'backend/test/library-assets', 'backend/test/library-folders', 'backend/test/dashboard'],
  accounts: ['backend/test/auth', 'backend/test/password-reset', 'backend/test/account', 'backend/test/registration-throttle', 'backend/test/auth-google', 'backend/test/signed-in-hint'],
  teams: ['backend/test/organization', 'backend/test/team', 'backend/test/invitation-mail-limits', 'backend/test/mail-bullmq', 'backend/test/credits'],
  billing: ['backend/test/billing', 'backend/test/billing-webhook', 'backend/test/billing-unconfigured', 'backend/test/paid-call-limits'],
  'public-api': ['backend/test/public-api', 'backend/test/public-api-webhooks', 'backend/test/webhooks', 'backend/test/openapi'],
  'brand-brain': ['backend/test/brand-profiles', 'backend/test/brand-extraction-openai', 'backend/test/brand-extraction-bullmq', 'backend/test/languages', 'backend/test/error-codes'],
  'admin-and-blog': [
    'backend/test/admin',
    'backend/test/admin-grant',
    'backend/test/admin-react-admin',
    'backend/test/admin-queues',
    'backend/test/blog',
    'backend/test/blog-pages',
    'backend/test/blog-seo',
    'backend/test/public-pages-prerendered',
  ],
  platform: [
    'backend/test/health',
    'backend/test/security-headers',
    'backend/test/request-origin',
    'backend/test/request-logging',
    'backend/test/static-frontend',
    'backend/test/static-frontend-caching',
    'backend/test/input-hardening',
    'backend/test/lint-boundaries',
  ],
} as const satisfies Record<string, readonly string[]>;

export type BundleName = keyof typeof BUNDLES;

const ROOT = join(__dirname, '..', '..', '..');

/** Registers a bundle's suites, each inside a describe named after its file, so its hooks and tests stay its own. */
export function runBundle(name: BundleName): void {
  for (const suite of BUNDLES[name]) {
    describe(`${basename(suite)}.e2e-spec.ts`, () => {
      // Loaded here, not imported at the top: a suite's top-level hooks belong to its own describe.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require(join(ROOT, `${suite}.e2e-spec.ts`));
    });
  }
}
