import { execFile } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';

const ROOT = join(__dirname, '../..');

/**
 * The `schema.d.ts` a client generates from the document with the openapi-typescript command
 * (`npx openapi-typescript openapi.json --default-non-nullable false -o schema.d.ts`, as docs/api.md tells users).
 */
export async function clientTypesOf(document: object): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-typescript-'));
  try {
    writeFileSync(join(dir, 'openapi.json'), JSON.stringify(document));
    const cli = join(ROOT, 'node_modules/openapi-typescript/bin/cli.js');
    await promisify(execFile)(process.execPath, [cli, 'openapi.json', '--default-non-nullable', 'false', '--output', 'schema.d.ts'], { cwd: dir, maxBuffer: 32 * 1024 * 1024 });
    return readFileSync(join(dir, 'schema.d.ts'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The ```ts blocks of a Markdown text, in order. */
export function typescriptBlocksOf(markdown: string): string[] {
  return [...markdown.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1]);
}

/** The parsed declaration files a check reads from node_modules (lib, @types/node, openapi-fetch): parsed once per process. */
const declarationFiles = new Map<string, ts.SourceFile | undefined>();

/**
 * Type-checks `files` (name → source, `.ts` or `.d.ts`) as a strict Node 20 project of their own that
 * sees the repository's node_modules (openapi-fetch, @types/node) and nothing else of it.
 * Returns the compiler's complaints, one line each; none when the files compile.
 */
export function typeErrorsOf(files: Record<string, string>): string[] {
  const cache = join(ROOT, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'openapi-client-'));
  try {
    for (const [name, source] of Object.entries(files)) writeFileSync(join(dir, name), source);
    const options: ts.CompilerOptions = {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts'],
      types: ['node'],
      typeRoots: [join(ROOT, 'node_modules/@types')],
      skipLibCheck: true,
      noUnusedLocals: false,
    };
    const host = ts.createCompilerHost(options);
    const parse = host.getSourceFile.bind(host);
    host.getSourceFile = (fileName, languageVersion, ...rest) => {
      if (fileName.startsWith(dir)) return parse(fileName, languageVersion, ...rest);
      if (!declarationFiles.has(fileName)) declarationFiles.set(fileName, parse(fileName, languageVersion, ...rest));
      return declarationFiles.get(fileName);
    };
    const program = ts.createProgram(
      Object.keys(files).map((name) => join(dir, name)),
      options,
      host,
    );
    return ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file ? `${d.file.fileName.slice(dir.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: ` : '';
      return `${where}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Type-level checks that the generated client has real answer types for the public API's
 * generations, assets, brand profiles and credits: each answer is neither any, unknown nor never,
 * and has the fields a script reads. Compiles only against a document that describes them.
 */
export const RESPONSE_TYPE_CHECKS = `import type { paths } from './schema';

type Json<P extends keyof paths, M extends keyof paths[P], S extends number> = paths[P][M] extends { responses: { [K in S]: { content: { 'application/json': infer B } } } } ? B : never;
type Real<T> = 0 extends 1 & T ? false : [T] extends [never] ? false : unknown extends T ? false : true;
type Fields<T, K extends string> = Real<T> extends true ? ([K] extends [keyof T] ? { [F in K]: Real<T[F]> }[K] : false) : false;
const yes = <T extends true>(): T => true as T;

yes<Fields<Json<'/api/v1/generations', 'post', 201>, 'id' | 'status' | 'progress' | 'assets'>>();
yes<Fields<Json<'/api/v1/generations/{id}', 'get', 200>, 'status' | 'error' | 'assets'>>();
yes<Fields<Json<'/api/v1/generations/{id}', 'get', 200>['assets'][number], 'id' | 'url'>>();
yes<Fields<Json<'/api/v1/generations', 'get', 200>, 'data' | 'next_cursor'>>();
yes<Fields<Json<'/api/v1/generations', 'get', 200>['data'][number], 'status'>>();
yes<Fields<Json<'/api/v1/assets', 'get', 200>['data'][number], 'id' | 'name' | 'url' | 'width' | 'height'>>();
yes<Fields<Json<'/api/v1/assets/{id}', 'get', 200>, 'id' | 'name' | 'url'>>();
yes<Fields<Json<'/api/v1/assets/{id}', 'patch', 200>, 'name'>>();
yes<Fields<Json<'/api/v1/brand-profiles', 'get', 200>[number], 'id' | 'name' | 'brand_data'>>();
yes<Fields<Json<'/api/v1/brand-profiles', 'post', 201>, 'id' | 'name'>>();
yes<Fields<Json<'/api/v1/brand-profiles/{id}', 'get', 200>, 'id' | 'name' | 'logos'>>();
yes<Fields<Json<'/api/v1/credits/balance', 'get', 200>, 'credits'>>();
yes<Fields<Json<'/api/v1/credits/transactions', 'get', 200>['data'][number], 'amount' | 'type' | 'status'>>();

const status: 'queued' | 'processing' | 'completed' | 'failed' = null! as Json<'/api/v1/generations/{id}', 'get', 200>['status'];
const credits: number = null! as Json<'/api/v1/credits/balance', 'get', 200>['credits'];
export { credits, status };
`;
