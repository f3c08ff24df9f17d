// Builds the whole server as a Fastify instance: the JSON API, its OpenAPI document, health checks
// and (unless turned off for API tests) the server-rendered web app. main.ts only listens.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_PREFIX, AUTH_PREFIX } from '../shared/api-paths.ts';
import { APP_NAME } from '../shared/constants.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { errorHandler } from './errors.ts';
import { registerCompression } from './compression.ts';
import { registerHttpCache } from './http-cache.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { appDetailsRoutes } from './modules/app-details/app-details.routes.ts';
import { companiesRoutes } from './modules/companies/companies.routes.ts';
import { filtersRoutes } from './modules/filters/filters.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { jobsRoutes } from './modules/jobs/jobs.routes.ts';
import { viewsRoutes } from './modules/views/views.routes.ts';
import { registerPublicCors } from './security/cors.ts';
import { registerSecurityHeaders } from './security/headers.ts';
import {
  DEFAULT_LIMITS,
  registerRequestLimits,
  type ServerLimits,
  serverOptions,
} from './security/limits.ts';
import { registerJsonBodies } from './security/json-body.ts';
import { loggerOptions, registerRequestLogging } from './security/logging.ts';
import { registerRateLimits } from './security/rate-limit.ts';
import { answerBadAddress, registerRefusalPages } from './web/refusal-page.ts';
import { registerRequestTargetCheck, rewriteUrl } from './security/request-target.ts';
import { registerVisitorCookie } from './modules/views/visitor-cookie.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { registerAccounts, requestInfo } from './modules/accounts/accounts.routes.ts';
import {
  type AccountsCore,
  accountsFor,
  createAccountsCore,
} from './modules/accounts/accounts.service.ts';
import { createServices, type Services } from './services.ts';
import { createDatabaseState, type DatabaseState } from './reliability/database-state.ts';
import { logoRoutes } from './web/logos.ts';
import { uploadedLogoRoutes } from './web/uploaded-logos.ts';
import { createEmployer } from './modules/employer/employer.ts';
import { webRoutes } from './web/react-router.ts';
import { createPageCache, type PageCache } from './web/page-cache.ts';
import { createBoardTasks } from './modules/tasks/tasks.ts';
import { createAtsSync } from './modules/ats/ats-sync.ts';
import type { TaskRunner } from './modules/tasks/task-runner.ts';
import { localAdminRoutes } from './modules/tasks/local-admin.routes.ts';
import { createOperators } from './modules/moderation/operators.service.ts';
import { createModeration } from './modules/moderation/moderation.service.ts';
import { createCityRequests } from './modules/moderation/city-requests.service.ts';
import { createReports } from './modules/moderation/reports.service.ts';
import { createJobLinks } from './modules/lifecycle/job-lifecycle.ts';
import { readVisitor } from './modules/views/visitor-cookie.ts';
import {
  API_KEY_REQUESTS_PER_MINUTE,
  documentEmployerApi,
  employerApiRoutes,
} from './modules/ingestion/employer-api.routes.ts';
import { EMPLOYER_API_PREFIX } from '../shared/contract/employer-api.ts';
import { createSearchEnginePings } from './modules/ingestion/search-engines.ts';
import { jobsXmlRoutes } from './modules/ingestion/jobs-xml-feed.ts';
import { jobsImportRoutes } from './modules/ingestion/import.routes.ts';
import { createAttempts } from './modules/accounts/attempts.ts';
import { sendAlertDigests } from './modules/seekers/alert-digest.ts';
import { createAlerts } from './modules/seekers/alerts.service.ts';
import { createMarks } from './modules/seekers/marks.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    accounts: AccountsCore;
    databaseState: DatabaseState;
    tasks: TaskRunner;
    pageCache: PageCache;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** 'production' serves build/, 'development' runs Vite; false leaves the web app out (API tests). */
  web: 'production' | 'development' | false;
  logger?: FastifyServerOptions['logger'];
  /** Server timeouts and size limits; tests shorten them. */
  limits?: Partial<ServerLimits>;
  /** Signs the visitor cookie; a random one (valid until the process ends) when not given. */
  cookieSecret?: string;
  /** Token of the operator endpoints (main.ts writes it to DATA_DIR); no token, no endpoints. */
  adminToken?: string;
  /** Views one client address may post per minute. */
  viewsPerMinute?: number;
  /** Where e-mail goes; by default SMTP_URL's server or DATA_DIR/outbox (mail/mailer.ts). */
  mailer?: Mailer;
  /** Why an account may not be deleted yet (e.g. a company's last owner), or null. */
  deletionRefusal?: (userId: string) => Promise<string | null>;
  /** Tracks database outages for the log (main.ts makes it first, for the pool's errors). */
  databaseState?: DatabaseState;
}

// RATE_LIMIT_SCALE scales the view counter's own limit too (0: effectively off, for benchmarks).
function viewsLimit(perMinute: number | undefined, scale: number) {
  if (perMinute) return { perMinute };
  if (scale === 1) return {};
  return { perMinute: scale > 0 ? Math.max(1, Math.round(60 * scale)) : 1_000_000_000 };
}

export const projectRoot = path.resolve(import.meta.dirname, '../..');

export async function buildApp(options: BuildOptions) {
  const { config, database } = options;
  const limits: ServerLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    // security/logging.ts writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy ?? false,
    ...serverOptions(limits),
    // Bounded input (DESIGN.md §4): small bodies, short URLs.
    bodyLimit: 16 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    rewriteUrl,
    frameworkErrors: answerBadAddress,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  registerRequestTargetCheck(app);

  const databaseState = options.databaseState ?? createDatabaseState();
  databaseState.useLogger(app.log);
  app.decorate('databaseState', databaseState);
  const readDb = database.readDb ?? database.db;
  const services: Services = createServices(database.db, {
    readDb,
    countsMaxAgeMs: config.countsRefreshMs,
    databaseState,
  });
  app.decorate('services', services);
  // Anonymous public pages, kept a few seconds (web/page-cache.ts); emptied by every change below.
  const pageCache = createPageCache({
    ttlMs: config.pageCache?.ttlMs ?? 5_000,
    maxBytes: config.pageCache?.maxBytes ?? 64 * 1024 * 1024,
    maxEntries: 10_000,
  });
  app.decorate('pageCache', pageCache);
  // A maintenance switch through this server (operators' console, admin endpoint) shows at once.
  const setMaintenance = services.appDetails.setMaintenance.bind(services.appDetails);
  services.appDetails.setMaintenance = async (on) => {
    await setMaintenance(on);
    pageCache.clear();
  };

  registerRequestLogging(app);
  registerRefusalPages(app);
  registerRequestLimits(app, limits);
  registerJsonBodies(app);
  await registerSecurityHeaders(app, {
    csp: options.web !== 'development',
    publicUrl: config.publicUrl,
  });
  await registerRateLimits(app, { scale: config.rateLimitScale ?? 1 });
  await registerCompression(app);
  registerHttpCache(app);
  registerPublicCors(app);
  const cookieSecret =
    options.cookieSecret ?? config.cookieSecret ?? randomBytes(32).toString('base64url');
  await registerVisitorCookie(app, cookieSecret);

  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      smtpAllowReserved: config.smtpAllowReserved,
      from: config.mailFrom ?? `${APP_NAME} <no-reply@${new URL(config.publicUrl).hostname}>`,
      dataDir: config.dataDir,
      log: app.log,
    });
  // After a write moved jobs on or off the board, this server recounts its public figures and
  // reloads its copy of the stored counts; the database trigger of migration 0018 moved the table
  // already.
  const publicChanged = () => {
    pageCache.clear();
    services.appDetails.publicChanged();
    return services.jobs.reloadCounts().catch(() => {});
  };
  const employer = createEmployer(database.db, {
    mailer,
    onPublicChange: publicChanged,
    linkCheck: { allowPrivate: config.linkCheckAllowPrivate ?? false },
    secret: cookieSecret,
    rateLimitScale: config.rateLimitScale,
  });
  const accounts = createAccountsCore(database.db, config, {
    mailer,
    cookieSecret,
    log: app.log,
    deletionRefusal: options.deletionRefusal ?? employer.deletionRefusal,
  });
  app.decorate('accounts', accounts);
  await registerAccounts(app, accounts, {
    publicUrl: config.publicUrl,
    maintenanceOn: async () => (await services.appDetails.get()).isUnderMaintenance,
  });
  // What an employer or an operator changes on their pages (a company's profile, a job, a
  // moderation decision) may show on public pages; publicChanged covers tasks and API keys. A
  // seeker's own saved jobs or alerts change no public page, so they leave the cache alone.
  app.addHook('onResponse', async (request, reply) => {
    if (!request.account || request.method !== 'POST' || reply.statusCode >= 400) return;
    if (/^\/(employer|admin)\b/.test(request.url)) pageCache.clear();
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: `${APP_NAME} API`,
        description: 'The public JSON API of the Openings job board.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          // The posting API (/api/v1/employer): a company's key from /employer/api-keys.
          apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'opk_…' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (documents) =>
      'openapiObject' in documents
        ? documentEmployerApi(documents.openapiObject)
        : documents.swaggerObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Swagger UI's bundle adds <style> elements as it draws, which no nonce can cover: on its
    // own pages styles may be inline; scripts keep the nonce policy.
    transformStaticCSP: (header) =>
      header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
  });

  await app.register(healthRoutes, { db: database.db });
  await app.register(logoRoutes, { db: readDb });
  await app.register(uploadedLogoRoutes, { db: database.db });
  await app.register(appDetailsRoutes, { prefix: API_PREFIX, services });
  await app.register(jobsRoutes, { prefix: API_PREFIX, services });
  await app.register(filtersRoutes, { prefix: API_PREFIX, services });
  await app.register(companiesRoutes, { prefix: API_PREFIX, services });
  await app.register(employerApiRoutes, {
    prefix: EMPLOYER_API_PREFIX,
    db: database.db,
    jobs: employer.jobs,
    apiKeys: employer.apiKeys,
    publicUrl: config.publicUrl,
    perMinute: Math.round(API_KEY_REQUESTS_PER_MINUTE * (config.rateLimitScale ?? 1)),
    maintenanceOn: async () => (await services.appDetails.get()).isUnderMaintenance,
  });
  // Every live job for aggregators (Indeed-style XML), beside the web app's pages.
  await app.register(jobsXmlRoutes, { db: readDb, publicUrl: config.publicUrl });
  await app.register(viewsRoutes, {
    prefix: AUTH_PREFIX,
    services,
    publicUrl: config.publicUrl,
    ...viewsLimit(options.viewsPerMinute, config.rateLimitScale ?? 1),
  });
  // Scheduled tasks (modules/tasks): every server runs the runner; each period runs once among them.
  const searchEnginePings = createSearchEnginePings(database.db, {
    publicUrl: config.publicUrl,
    indexNow: config.indexNow,
    google: config.googleIndexing,
    log: app.log,
  });
  // Job seekers' alerts and saved/hidden jobs (modules/seekers); alert links are signed with the cookie secret.
  const alertOptions = {
    mailer,
    publicUrl: config.publicUrl,
    secret: cookieSecret,
    attempts: createAttempts(database.db, { scale: config.rateLimitScale ?? 1 }),
  };
  const marks = createMarks(database.db);
  // ATS boards (modules/ats): the hourly task and the dashboard's job sources page.
  const atsSync = createAtsSync(database.db, {
    allowPrivate: config.atsAllowPrivate,
    baseUrlOverride: config.atsBaseUrlOverride,
    onPublicChange: () => void publicChanged(),
  });
  const tasks = createBoardTasks(database.db, {
    atsSync: (now) => atsSync.syncAll(now),
    alertDigests: (now, manual) =>
      sendAlertDigests(database.db, {
        ...alertOptions,
        now,
        force: manual,
        listJobs: (query, listOptions) => services.jobs.list(query, listOptions),
      }),
    mailer,
    publicUrl: config.publicUrl,
    log: app.log,
    tickMs: config.taskTickMs,
    refreshCounts: () => services.jobs.refreshCounts(),
    onPublicChange: publicChanged,
    linkCheckAllowPrivate: config.linkCheckAllowPrivate,
    searchEnginePings: searchEnginePings
      ? async (now) => ({ ...(await searchEnginePings(now)) })
      : undefined,
  });
  app.decorate('tasks', tasks);
  // IndexNow checks that the key is ours by fetching it from the site itself.
  if (config.indexNow) {
    const key = config.indexNow.key;
    app.get(`/${key}.txt`, { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(key),
    );
  }
  if (config.runTasks) app.addHook('onListen', async () => tasks.start());
  const operators = createOperators(database.db);
  const moderation = createModeration(database.db, {
    mailer,
    publicUrl: config.publicUrl,
    appDetails: services.appDetails,
    onPublicChange: publicChanged,
  });
  const cityRequests = createCityRequests(database.db, { mailer, publicUrl: config.publicUrl });
  const jobLinks = createJobLinks(database.db, undefined, publicChanged);
  if (options.adminToken) {
    await app.register(localAdminRoutes, { token: options.adminToken, tasks, operators });
    await app.register(jobsImportRoutes, {
      token: options.adminToken,
      db: database.db,
      jobs: employer.jobs,
    });
    await app.register(adminRoutes, {
      services,
      db: database.db,
      token: options.adminToken,
      backup: database.dumpDataDir,
    });
  }

  // The API answers JSON for unknown paths; everything else is the web app's 404 page.
  app.all('/api/*', { schema: { hide: true } }, async (request, reply) => {
    return reply.code(404).send({
      success: false,
      message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}`,
      content: null,
    });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({
      success: false,
      message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}`,
      content: null,
    });
  });

  if (options.web) {
    await app.register(webRoutes, {
      mode: options.web,
      root: projectRoot,
      databaseState,
      publicUrl: config.publicUrl,
      pageCache,
      nonceKey: cookieSecret,
      maintenanceOn: async () => (await services.appDetails.get()).isUnderMaintenance,
      context: (request, nonce) => ({
        account: request.account,
        accounts: accountsFor(accounts, requestInfo(request)),
        employer,
        jobSources: atsSync.service,
        // The operators' console and city requests, seekers' reports and reminder links
        // (modules/moderation, lifecycle).
        moderation,
        cityRequests,
        reports: createReports(
          database.db,
          { visitorId: readVisitor(request), address: request.ip },
          { onPublicChange: publicChanged },
        ),
        jobLinks,
        seeker: { alerts: createAlerts(database.db, alertOptions, request.ip), marks },
        services: {
          jobs: services.jobs,
          companies: services.companies,
          filters: services.filters,
          appDetails: services.appDetails,
        },
        publicUrl: config.publicUrl,
        nonce,
      }),
    });
  }

  app.addHook('onClose', async () => {
    await tasks.stop();
    await accounts.settled();
    mailer.close();
    await services.close();
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
