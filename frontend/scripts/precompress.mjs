// Compresses the build's hashed text assets once, at build (after `vite build` and pre-rendering):
// dist/assets/<file>.br (brotli, best quality) and <file>.gz (gzip, best level) beside each
// JavaScript, CSS, SVG and JSON file, which the server hands out to browsers that take them
// (backend/src/common/static-frontend.ts). Files too small to gain are left as they are.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const assets = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'assets');
const COMPRESSIBLE = /\.(js|mjs|css|svg|json)$/;
const MIN_BYTES = 1024;

let before = 0;
let after = 0;
for (const name of readdirSync(assets)) {
  const file = join(assets, name);
  if (!COMPRESSIBLE.test(name) || statSync(file).size < MIN_BYTES) continue;
  const bytes = readFileSync(file);
  const br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }));
  before += bytes.length;
  after += br.length;
}
console.log(`pre-compressed dist/assets: ${Math.round(before / 1024)} kB -> ${Math.round(after / 1024)} kB brotli`);
