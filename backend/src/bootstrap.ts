import { PUBLIC_API_PREFIX } from '@brandloom/contracts';
import { AppConfig, pgPoolOf } from '@brandloom/core';
import { NestFactory, Reflector } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import express, { NextFunction, Request, Response } from 'express';
import session from 'express-session';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import passport from 'passport';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { BRAND_EXTRACT_PATH, brandExtractionBodyParser } from './brand-profiles/extraction-body-parser';
import { SESSION_COOKIE } from './auth/auth.controller';
import { createSessionStore } from './auth/session-store';
import { signedInHint } from './auth/signed-in-hint';
import { CONTENT_SECURITY_POLICY } from './common/content-security-policy';
import { ContentTypeGuard } from './common/content-type.guard';
import { databaseUnavailableHandler, DomainErrorFilter } from './common/domain-error.filter';
import { inputGuard, InputGuardPipe } from './common/input-guard';
import { jsonBodyParser } from './common/json-body';
import { originCheck, SIGNED_CALLBACK_PATHS } from './common/origin-check.middleware';
import { logRequestsRefusedEarly } from './common/request-log-level';
import { serveFrontend } from './common/static-frontend';
import { CodedValidationPipe } from './common/validation.pipe';
import { registerBulkTemplateRoute } from './generation/bulk-template';
import { registerPublicPages } from './blog/public-pages';
import { registerQueueBoard } from './admin/queue-board';
import { buildOpenApiDocument } from './openapi';

/** Every JSON route but brand extraction (its own parser): prompts and brand data fit many times over. */
const JSON_BODY_LIMIT = '100kb';
const META_DATA_DELETION_PATH = '/api/meta/data-deletion';
const SESSION_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

/**
 * Builds the API (used by main.ts and by the tests, so both run the same stack). With `logger: false`
 * Nest says nothing at all: buffered start-up logs would otherwise be kept for good, and printed,
 * with every later app's, once a start in the same process fails.
 */
export async function createApp(options: { logger?: boolean } = {}): Promise<NestExpressApplication> {
  const quiet = options.logger === false;
  const app = await NestFactory.create<NestExpressApplication>(AppModule, { bufferLogs: !quiet, logger: quiet ? false : undefined, abortOnError: false, bodyParser: false });
  if (!quiet) app.useLogger(app.get(Logger));
  configureApp(app);
  await app.init();
  return app;
}

export function configureApp(app: NestExpressApplication): void {
  const config = app.get(AppConfig);
  const pool = pgPoolOf(app.get(DataSource));

  if (config.TRUST_PROXY) app.set('trust proxy', 1);
  app.setGlobalPrefix('api');
  app.use(logRequestsRefusedEarly());
  app.use(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
      crossOriginEmbedderPolicy: false,
    }),
  );
  // GET /templates/bulk-generation.csv: outside /api (the studio links it there), before the SPA fallback.
  registerBulkTemplateRoute(app);
  // /robots.txt, /sitemap.xml, /blog/rss.xml and /blog/{slug} with its tags in the HTML: before the SPA fallback.
  registerPublicPages(app, config.STATIC_DIR);
  // The public API authenticates by its Authorization header alone (never the cookie): no origin to check.
  app.use('/api', originCheck(config.trustedOrigins, SIGNED_CALLBACK_PATHS, `/${PUBLIC_API_PREFIX}/`));

  const sessions = session({
    name: SESSION_COOKIE,
    secret: config.SESSION_SECRET,
    store: createSessionStore(pool, SESSION_MAX_AGE_MS),
    resave: false,
    saveUninitialized: false,
    rolling: true,
    // 'auto': Secure whenever the request came over TLS (directly or via a trusted proxy).
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: SESSION_MAX_AGE_MS, path: '/' },
  });
  // Health checks never read the session store: they must answer (and say what is down) during an outage.
  app.use(exceptHealthChecks(sessions));
  app.use(passport.initialize());
  app.use(exceptHealthChecks(passport.session()));
  app.use(exceptHealthChecks(signedInHint(SESSION_MAX_AGE_MS)));
  // /admin/queues (bull-board, administrators only) when the queues live in Redis: before the SPA fallback.
  registerQueueBoard(app, config.trustedOrigins);
  // Brand extraction takes up to 10 MB of images as data URLs: its own, larger JSON limit (signed-in callers only).
  app.use(BRAND_EXTRACT_PATH, brandExtractionBodyParser());
  // Meta posts its data-deletion callback as a form; every other route takes JSON (multipart routes
  // parse their own bodies) and ContentTypeGuard answers 415 to anything else.
  app.use(META_DATA_DELETION_PATH, express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 10 }));
  app.use('/api', jsonBodyParser(JSON_BODY_LIMIT), inputGuard);
  // The session store and passport above read PostgreSQL: during an outage they answer 503, not 500.
  app.use(databaseUnavailableHandler);

  app.useGlobalGuards(new ContentTypeGuard(app.get(Reflector)));
  // One message per field (stopAtFirstError keeps stacked validators from repeating themselves), each with its code.
  app.useGlobalPipes(new InputGuardPipe(), new CodedValidationPipe());
  app.useGlobalFilters(new DomainErrorFilter());

  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app));

  if (config.STATIC_DIR) serveFrontend(app, config.STATIC_DIR, { appUrl: config.appUrl, supportEmail: config.supportEmail, googleSignIn: config.googleConfigured });
}

type Middleware = (req: Request, res: Response, next: NextFunction) => void;

function exceptHealthChecks(middleware: Middleware): Middleware {
  return (req, res, next) => (req.path === '/api/health' || req.path.startsWith('/api/health/') ? next() : middleware(req, res, next));
}
