import Ajv from 'ajv';
import type { TestApp } from './test-app';

type Schemaful = { content?: Record<string, { schema?: object }> };
interface OpenApiDocument {
  components: { schemas: Record<string, object> };
  paths: Record<string, Record<string, { responses: Record<string, Schemaful> }>>;
}

/**
 * The app's OpenAPI document and a check that a real answer matches the JSON schema its operation
 * documents for the answer's status (ajv; formats uuid, date-time and date).
 */
export async function documentedAnswers(t: TestApp) {
  const doc = (await t.http().get('/api/docs-json').expect(200)).body as OpenApiDocument;
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv
    .addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)
    .addFormat('date-time', (value: string) => !Number.isNaN(Date.parse(value)))
    .addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
  ajv.addSchema({ $id: 'openapi.json', components: doc.components });

  /** `path` is the document's (with {placeholders}); the answer is supertest's. */
  function matchesDocument(method: string, path: string, answer: { status: number; body: unknown }): void {
    const where = `${method.toUpperCase()} ${path} ${answer.status}`;
    const schema = doc.paths[path]?.[method]?.responses[String(answer.status)]?.content?.['application/json']?.schema;
    expect([where, schema]).toEqual([where, expect.anything()]);
    const validate = ajv.compile(JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi.json#/components/')));
    expect([where, validate(answer.body), validate.errors ?? null]).toEqual([where, true, null]);
  }
  return { doc, ajv, matchesDocument };
}

/** The check documentedAnswers gives, for a suite's `let`. */
export type MatchesDocument = Awaited<ReturnType<typeof documentedAnswers>>['matchesDocument'];
