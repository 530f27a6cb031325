import { IDEMPOTENCY_KEY_HEADER, PUBLIC_API_PREFIX } from '@brandloom/contracts';
import { applyDecorators, SetMetadata, type Type } from '@nestjs/common';
import { GUARDS_METADATA, INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import type { OpenAPIObject, OperationObject, ParameterObject, ReferenceObject, ResponseObject, SchemaObject } from '@nestjs/swagger';
import { STATUS_CODES } from 'node:http';
import { AdminGuard, AuthenticatedGuard, OrganizationGuard } from '../common/guards';
import { changesState, SIGNED_CALLBACK_PATHS } from '../common/origin-check.middleware';
import { PaidCallGuard } from '../common/paid-call.guard';
import { ApiKeyGuard } from '../public-api/api-key.guard';
import { IdempotencyInterceptor } from '../public-api/idempotency.interceptor';
import { API_KEY_SECURITY } from '../public-api/public-api.decorator';

/** The OpenAPI security scheme of the session cookie. */
export const SESSION_SECURITY = 'cookie';
export const ERROR_RESPONSE = 'ErrorResponse';

const EXTRA_ERRORS = 'openapi:errors';
/** Where ApiProduces keeps its media types (@nestjs/swagger does not export its constants). */
const API_PRODUCES = 'swagger/apiProduces';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

/**
 * Error answers a route (or every route of a controller) gives beyond those its guards, parameters
 * and body imply (those are added to every operation by completeOpenApiDocument): for example 409
 * where a name can be taken, 502/503 where a third party fails or is not configured.
 */
export const ApiErrors = (...statuses: number[]) => SetMetadata(EXTRA_ERRORS, statuses);

/** A multipart body of one file in `field` (the upload interceptor's). */
export const ApiFileUpload = (field: string) =>
  applyDecorators(ApiConsumes('multipart/form-data'), ApiBody({ schema: { type: 'object', required: [field], properties: { [field]: { type: 'string', format: 'binary' } } } }));

/** The body of every error answer (DomainErrorFilter, sendError). */
export const ERROR_RESPONSE_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['statusCode', 'message', 'error', 'code'],
  properties: {
    statusCode: { type: 'integer', example: 404 },
    message: { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }], description: 'For people; one per invalid field on validation errors' },
    error: { type: 'string', example: 'Not Found' },
    code: { type: 'string', description: 'Stable machine-readable error code', example: 'not_found' },
    params: { type: 'object', additionalProperties: true, description: 'Values the message was built from, when it has any' },
  },
};

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is invalid (a field, a parameter or the body); `message` says which',
  401: 'Not authenticated (no session, or a missing, unknown or revoked API key)',
  402: 'Not enough credits for the work asked',
  403: 'Not allowed: administrators only, a role that may not (owners and admins manage), an API key without the scope `message` names, or a change sent by a site other than the app (`foreign_origin`)',
  404: 'Not found, or another organization’s',
  409: 'Conflicts with the current state (or a request with the same Idempotency-Key is still in progress)',
  413: 'The body or an upload is too large',
  415: 'The body is not in a media type the route accepts',
  422: 'The Idempotency-Key was used with a different body, or the body cannot be processed as it is',
  429: 'Too many requests: see the Retry-After and RateLimit-* headers',
  502: 'A third party (OpenAI, Stripe, Meta, Google) failed or answered an error',
  503: 'A third party this route needs is not configured',
  504: 'The work took too long to finish; try again',
};

interface RouteSecurity {
  security: Array<Record<string, string[]>>;
  errors: number[];
}

function guardsOf(controller: Type, handler: unknown): unknown[] {
  return [...((Reflect.getMetadata(GUARDS_METADATA, controller) as unknown[]) ?? []), ...((Reflect.getMetadata(GUARDS_METADATA, handler as object) as unknown[]) ?? [])];
}

function interceptorsOf(controller: Type, handler: unknown): unknown[] {
  return [...((Reflect.getMetadata(INTERCEPTORS_METADATA, controller) as unknown[]) ?? []), ...((Reflect.getMetadata(INTERCEPTORS_METADATA, handler as object) as unknown[]) ?? [])];
}

const isGuard = (guard: unknown, type: Type) => guard === type || (typeof guard === 'function' && guard.prototype instanceof type);

/** Who may call a route and the refusals that come with it, read from the route's guards. */
function routeSecurity(guards: unknown[]): RouteSecurity {
  if (guards.some((g) => isGuard(g, ApiKeyGuard))) return { security: [{ [API_KEY_SECURITY]: [] }], errors: [401, 403, 429] };
  const session = { security: [{ [SESSION_SECURITY]: [] }], errors: [401] };
  if (guards.some((g) => isGuard(g, AdminGuard))) return { ...session, errors: [401, 403] };
  if (guards.some((g) => isGuard(g, PaidCallGuard))) return { ...session, errors: [401, 404, 429] };
  if (guards.some((g) => isGuard(g, OrganizationGuard))) return { ...session, errors: [401, 404] };
  if (guards.some((g) => isGuard(g, AuthenticatedGuard))) return session;
  return { security: [], errors: [] };
}

const words = (name: string) =>
  name
    .replace(/Controller$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function isReference(value: unknown): value is ReferenceObject {
  return typeof value === 'object' && value !== null && '$ref' in value;
}

/**
 * Completes the generated document so it says what the routes do: each operation's security
 * (session cookie, API key or none, from its guards), its error answers with the one error shape
 * (from its guards, parameters, body and ApiErrors), a summary and a tag, a content type for
 * every 2xx answer with a body, and path parameters the route pattern implies.
 */
export function completeOpenApiDocument(document: OpenAPIObject, controllers: Type[]): OpenAPIObject {
  const handlers = new Map<string, { controller: Type; handler: unknown }>();
  for (const controller of controllers) {
    for (const name of Object.getOwnPropertyNames(controller.prototype)) {
      if (name !== 'constructor') handlers.set(`${controller.name}_${name}`, { controller, handler: (controller.prototype as Record<string, unknown>)[name] });
    }
  }
  document.components = { ...document.components, schemas: { ...document.components?.schemas, [ERROR_RESPONSE]: ERROR_RESPONSE_SCHEMA } };
  const tags = new Map((document.tags ?? []).map((tag) => [tag.name, tag]));

  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const route = handlers.get(operation.operationId ?? '');
      const guards = route ? guardsOf(route.controller, route.handler) : [];
      const { security, errors } = routeSecurity(guards);
      operation.security = security;

      const parameters = (operation.parameters ?? []) as Array<ParameterObject | ReferenceObject>;
      for (const name of [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1])) {
        if (!parameters.some((p) => !isReference(p) && p.in === 'path' && p.name === name)) parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
      }
      operation.parameters = parameters;

      // inputGuard refuses a malformed query string (or body) on every route, whatever its parameters.
      const statuses = new Set([...errors, 400]);
      const inputs = parameters.filter((p) => !isReference(p));
      if (inputs.some((p) => (p as ParameterObject).in === 'path')) statuses.add(404);
      // originCheck: a change must come from the app's own pages (the public API's keys and signed callbacks excepted).
      if (changesState(method) && !path.startsWith(`/api/${PUBLIC_API_PREFIX}/`) && !SIGNED_CALLBACK_PATHS.some((callback) => path === `/api${callback}`)) statuses.add(403);
      // The JSON body parser and ContentTypeGuard read a change's body even where the route takes none.
      if (operation.requestBody || changesState(method)) {
        statuses.add(413);
        statuses.add(415);
      }
      if (route && method === 'post' && interceptorsOf(route.controller, route.handler).some((i) => i === IdempotencyInterceptor)) {
        statuses.add(409);
        statuses.add(422);
      }
      for (const target of route ? [route.controller, route.handler as object] : []) {
        for (const status of (Reflect.getMetadata(EXTRA_ERRORS, target) as number[] | undefined) ?? []) statuses.add(status);
      }
      for (const status of [...statuses].sort()) {
        operation.responses[String(status)] ??= {
          description: ERROR_DESCRIPTIONS[status] ?? STATUS_CODES[status] ?? 'Error',
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_RESPONSE}` } } },
        };
      }

      if (method !== 'post') operation.parameters = parameters.filter((p) => isReference(p) || p.in !== 'header' || p.name !== IDEMPOTENCY_KEY_HEADER);
      describeSuccess(operation, route ? producedBy(route.controller, route.handler) : []);
      const controllerName = route?.controller.name ?? 'Default';
      const methodName = operation.operationId?.split('_').slice(1).join('_') ?? method;
      operation.summary ??= capitalized(`${words(methodName)} (${words(controllerName)})`);
      if (!operation.tags?.length) operation.tags = [words(controllerName).replace(/ /g, '-')];
      for (const tag of operation.tags) if (!tags.has(tag)) tags.set(tag, { name: tag, description: capitalized(`${tag.replace(/-/g, ' ')} routes`) });
    }
  }
  document.tags = [...tags.values()].sort((a, b) => a.name.localeCompare(b.name));
  return document;
}

function producedBy(controller: Type, handler: unknown): string[] {
  return (Reflect.getMetadata(API_PRODUCES, handler as object) as string[] | undefined) ?? (Reflect.getMetadata(API_PRODUCES, controller) as string[] | undefined) ?? [];
}

/**
 * Every 2xx answer but 204 gets its media types (those the route declares with ApiProduces, else
 * JSON), and a text stream or a file its schema. A JSON answer's schema is the route's own
 * (ApiOkResponse and the like); none is made up here, so a route that declares none shows as such.
 */
function describeSuccess(operation: OperationObject, produces: string[]): void {
  for (const [status, response] of Object.entries(operation.responses)) {
    if (!status.startsWith('2') || status === '204' || isReference(response)) continue;
    const answer = response as ResponseObject;
    if (answer.content && Object.values(answer.content).every((media) => media.schema)) continue;
    const types = produces.length ? produces : Object.keys(answer.content ?? {}).length ? Object.keys(answer.content!) : ['application/json'];
    answer.content = Object.fromEntries(
      types.map((type) => [
        type,
        type === 'application/json'
          ? { ...answer.content?.[type] }
          : { ...answer.content?.[type], schema: type.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' } },
      ]),
    );
  }
}
