// Runs a TypeScript entry without a build: SWC compiles each TypeScript file as Node loads it, and
// the @brandloom/* workspace names resolve to their sources. Used by bench/ and resilience/.
import { transformSync } from '@swc/core';
import { readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

export function runTypeScript(entry) {
  const aliases = {
    '@brandloom/contracts': join(root, 'libs/contracts/src/index.ts'),
    '@brandloom/core': join(root, 'libs/core/src/index.ts'),
    '@brandloom/core/testing': join(root, 'libs/core/src/testing/index.ts'),
  };
  const resolve = Module._resolveFilename;
  Module._resolveFilename = function (request, ...rest) {
    return resolve.call(this, aliases[request] ?? request, ...rest);
  };
  Module._extensions['.ts'] = (module, filename) => {
    const { code } = transformSync(readFileSync(filename, 'utf8'), {
      filename,
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
      sourceMaps: 'inline',
    });
    module._compile(code, filename);
  };
  createRequire(import.meta.url)(entry);
}
