import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BUNDLES } from './bundles';

const ROOT = join(__dirname, '..', '..', '..');

/** Every `*.e2e-spec.ts` under a folder, as its path from the repository root without the suffix. */
function suitesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.e2e-spec.ts'))
    .map((file) => relative(ROOT, join(ROOT, folder, file)).replace(/\.e2e-spec\.ts$/, ''));
}

describe('suite bundles', () => {
  const listed = Object.values(BUNDLES).flat();

  it('runs every app-booting suite exactly once', () => {
    const suites = [...suitesUnder('backend/test'), ...suitesUnder('worker/test')].sort();
    expect(suites.length).toBeGreaterThan(50);
    expect([...listed].sort()).toEqual(suites);
  });

  it('has one entry file per bundle, and no entry without a bundle', () => {
    const entries = readdirSync(__dirname).filter((file) => file.endsWith('.e2e-bundle.ts')).map((file) => file.replace(/\.e2e-bundle\.ts$/, ''));
    expect(entries.sort()).toEqual(Object.keys(BUNDLES).sort());
  });
});
