import type { Type } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { ModulesContainer } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { SESSION_COOKIE } from '../auth/auth.controller';
import { API_KEY_SECURITY } from '../public-api/public-api.decorator';
import { completeOpenApiDocument, SESSION_SECURITY } from './openapi-document';
import { APP_SCHEMAS } from './app-schemas';
import { V1_SCHEMAS } from './v1-schemas';

export { ApiErrors, ApiFileUpload, ERROR_RESPONSE } from './openapi-document';
export { v1Schema } from './v1-schemas';

/** Each controller class's number, for the key of the documents built so far. */
const controllerNumbers = new WeakMap<Type, number>();
let controllersNumbered = 0;
const builtDocuments = new Map<string, OpenAPIObject>();

const numberOf = (controller: Type) => {
  if (!controllerNumbers.has(controller)) controllerNumbers.set(controller, ++controllersNumbered);
  return controllerNumbers.get(controller)!;
};

/**
 * The API's OpenAPI document: what Nest's decorators say, completed by completeOpenApiDocument.
 * It depends on the controllers' decorators alone, so it is built once per set of controllers: a
 * process that starts several apps (the test suites start dozens) scans them once.
 */
export function buildOpenApiDocument(app: NestExpressApplication): OpenAPIObject {
  const controllers = [...app.get(ModulesContainer).values()].flatMap((module) => [...module.controllers.values()].map((wrapper) => wrapper.metatype as Type));
  const key = controllers.map(numberOf).sort((a, b) => a - b).join(',');
  const built = builtDocuments.get(key) ?? scannedDocument(app, controllers);
  builtDocuments.set(key, built);
  return built;
}

function scannedDocument(app: NestExpressApplication, controllers: Type[]): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Brandloom API')
    .setDescription('The app’s session routes (cookie) and the public API under /api/v1 (API key). Every error answers `{ statusCode, message, error, code }`.')
    .setVersion('1')
    .setLicense('Proprietary', 'https://brandloom.app/terms')
    .addServer('/', 'This server')
    .addCookieAuth(SESSION_COOKIE, { type: 'apiKey', in: 'cookie', description: 'The session cookie the sign-in routes set' }, SESSION_SECURITY)
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'bl_live_…', description: 'An API key (bl_live_… / bl_test_…) from Settings → API access; /api/v1 only' }, API_KEY_SECURITY)
    .build();
  const document = SwaggerModule.createDocument(app, config);
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ...APP_SCHEMAS, ...V1_SCHEMAS } };
  return completeOpenApiDocument(document, controllers);
}
