import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { brandingRoutes } from './modules/branding/branding.routes';
import { disclosuresRoutes } from './modules/disclosures/disclosures.routes';
import { agreementRoutes } from './modules/agreements/agreements.routes';
import { invoiceRoutes } from './modules/invoices/invoice.routes';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { publicBranding } from './modules/branding/branding.service';
import { brandPaletteCss } from '../contracts/brand-palette';
import { negotiateEncoding, addVary } from './http/compression';
import { resolve, sep } from 'node:path';
import type { AppContext } from './context';
import type { Access } from '../contracts/access';
import { installErrorHandler } from './http/error-handler';
import { installSecurityHeaders, setSecurityHeaders } from './http/security';
import { installCompression } from './http/compression';
import { SESSION_HINT_COOKIE, clearSessionHint, setSessionHint } from './http/session-hint';
import { preloadHints } from './http/preload-hints';
import { pageUserBlock } from './modules/auth/page-user.routes';
import { identityGate } from './modules/auth/identity';
import { registerApprovalKinds } from './modules/approvals/approval-kind';
import { sendFundKind } from './modules/wallet/send-fund.service';
import { adminInviteKind, credentialChangeKind, payoutDetailsKind, roleChangeKind } from './modules/users/account-approvals.service';
import { compAdjustmentKind } from './modules/compensation/adjustment-approvals.service';
import { SESSION_COOKIE } from '../contracts/constants';
import { BRANDING_ELEMENT_ID } from '../contracts/web-storage';
import type { PublicBranding } from '../contracts/branding';
import { registerRoutes, assertAllRoutesDeclared, type RouteDef } from './http/routes';
import { logRedaction, serializeRequest } from './http/logging';
import { actorFrom } from './http/actor';
import { authRoutes } from './modules/auth/auth.routes';
import { twoFactorRoutes } from './modules/auth/two-factor.routes';
import { userRoutes } from './modules/users/users.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { kycRoutes } from './modules/kyc/kyc.routes';
import { impersonationRoutes } from './modules/impersonation/impersonation.routes';
import { referralRoutes } from './modules/referral/referral.routes';
import { healthRoutes } from './modules/health/health.routes';
import { audit } from './modules/audit/audit.service';
import { adminUserRoutes } from './modules/users/admin-users.routes';
import { memberListRoutes } from './modules/users/member-lists.routes';
import { adminDashboardRoutes } from './modules/ops/dashboard.routes';
import { adminKycRoutes } from './modules/kyc/review.routes';
import { auditLogRoutes } from './modules/audit/audit-log.routes';
import { adminReportRoutes } from './modules/reports/reports.routes';
import { founderRoutes } from './modules/founder/founder.routes';
import { teamRoutes } from './modules/team/team.routes';
import { recruitmentRoutes } from './modules/recruitment/recruitment.routes';
import { franchiseStockRoutes } from './modules/franchise-stock/franchise-stock.routes';
import { localSalesRoutes } from './modules/local-sales/local-sales.routes';
import { fundRequestRoutes } from './modules/fund-requests/fund-requests.routes';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { approvalRoutes } from './modules/approvals/approvals.routes';
import { commerceRoutes } from './modules/commerce/commerce.routes';
import { productImageRoutes } from './modules/product-images/product-images.routes';
import { returnsRoutes, returnApprovalKind } from './modules/returns';
import { compensationRoutes } from './modules/compensation/compensation.routes';
import { engagementRoutes } from './modules/engagement/engagement.routes';
import { chartsRoutes } from './modules/charts/charts.routes';
import { supportRoutes } from './modules/engagement/support.routes';
import { memberRoutes } from './modules/member/member.routes';
import { opsRoutes } from './modules/ops/ops.routes';
import { installRequestMetrics } from './http/metrics';
import { installReadYourWrites } from './http/read-your-writes';
import { apiDocsRoutes } from './modules/api-docs/api-docs.routes';
import { grievanceRoutes } from './modules/grievance/grievance.routes';

export interface BuildOptions {
  /** Folder of the built web client; when missing, only the API is served. */
  webDist?: string;
  logger?: boolean;
  ping?: () => Promise<boolean>;
  migrated?: () => boolean;
  /** True once a graceful stop began: /readyz answers 503 and every answer closes its connection. */
  draining?: () => boolean;
}

export interface BuiltApp {
  app: FastifyInstance;
  /** Every registered route with its declared access (undefined only for the web fallback GET /*). */
  routes: { method: string; url: string; access?: Access }[];
}

/** Builds the HTTP app from the modules; needs no database until a request arrives. */
export async function buildApp(ctx: Omit<AppContext, 'log'> & { log?: AppContext['log'] }, opts: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: ctx.config.logLevel, redact: logRedaction, serializers: { req: serializeRequest } },
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    logController: new LogController({ disableRequestLogging: ctx.config.logLevel !== 'debug' && ctx.config.logLevel !== 'trace' }),
    routerOptions: { ignoreTrailingSlash: true },
    // A malformed URL is refused before routing; answer it in the usual shape, not Fastify's own.
    frameworkErrors: (_err, _req, res) => {
      const reply = res as unknown as FastifyReply;
      setSecurityHeaders(reply, ctx.config);
      return reply.status(400).send({ message: 'Bad request', code: 'VALIDATION_ERROR' });
    },
  });
  const fullCtx: AppContext = { ...ctx, log: ctx.log ?? app.log };
  const routes: BuiltApp['routes'] = [];
  app.addHook('onRoute', (r) => {
    const access = (r.config as { access?: Access } | undefined)?.access;
    for (const m of [r.method].flat()) if (m !== 'HEAD') routes.push({ method: String(m), url: r.url, access });
  });
  assertAllRoutesDeclared(app);
  installErrorHandler(app);
  installSecurityHeaders(app, ctx.config);
  installCompression(app);
  // A graceful stop (runtime.close): an answer still in flight tells its client the connection ends with it.
  const draining = opts.draining ?? (() => false);
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (draining()) reply.header('connection', 'close');
    done(null, payload);
  });
  // Before the cookie plugin: its onSend writes the cookie this one sets after a write (ADR 0031).
  installReadYourWrites(app, ctx);
  await app.register(cookie);
  app.decorateRequest('identity', null);
  installRequestMetrics(app);

  // Every write made through an impersonation token is in the audit log with the admin as actor (docs/spec/decisions.md §8).
  app.addHook('onResponse', (req, reply, done) => {
    const id = req.identity;
    if (!id?.impersonation || ['GET', 'HEAD', 'OPTIONS'].includes(req.method) || req.url.startsWith('/api/impersonation/')) return done();
    audit(fullCtx.db, actorFrom(id, req), {
      entityType: 'request',
      entityId: null,
      action: `impersonated ${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`,
      newState: { statusCode: reply.statusCode },
    })
      .catch((err) => req.log.error({ err }, 'audit write failed'))
      .finally(() => done());
  });

  const api: RouteDef[] = [
    ...healthRoutes({ ping: opts.ping ?? (async () => true), migrated: opts.migrated ?? (() => true), draining }),
    ...authRoutes(fullCtx),
    ...twoFactorRoutes(fullCtx),
    ...userRoutes(fullCtx),
    ...notificationRoutes(fullCtx),
    ...kycRoutes(fullCtx),
    ...impersonationRoutes(fullCtx),
    ...referralRoutes(fullCtx),
    ...adminUserRoutes(fullCtx),
    ...memberListRoutes(fullCtx),
    ...adminDashboardRoutes(fullCtx),
    ...adminKycRoutes(fullCtx),
    ...auditLogRoutes(fullCtx),
    ...adminReportRoutes(fullCtx),
    ...founderRoutes(fullCtx),
    ...teamRoutes(fullCtx),
    ...recruitmentRoutes(fullCtx),
    ...walletRoutes(fullCtx),
    ...fundRequestRoutes(fullCtx),
    ...franchiseStockRoutes(fullCtx),
    ...localSalesRoutes(fullCtx),
    ...approvalRoutes(fullCtx),
    ...commerceRoutes(fullCtx),
    ...productImageRoutes(fullCtx),
    ...returnsRoutes(fullCtx),
    ...compensationRoutes(fullCtx),
    ...engagementRoutes(fullCtx),
    ...supportRoutes(fullCtx),
    ...chartsRoutes(fullCtx),
    ...memberRoutes(fullCtx),
    ...opsRoutes(fullCtx),
    ...brandingRoutes(fullCtx),
    ...disclosuresRoutes(fullCtx),
    ...agreementRoutes(fullCtx),
    ...invoiceRoutes(fullCtx),
    ...grievanceRoutes(fullCtx),
  ];
  // The API docs describe every route, themselves included (issue 14).
  // The maker-checker kinds, each from the module whose change it applies (modules/approvals/approval-kind.ts).
  registerApprovalKinds(sendFundKind, payoutDetailsKind, roleChangeKind, adminInviteKind, credentialChangeKind, compAdjustmentKind, returnApprovalKind);
  registerRoutes(app, fullCtx, [...api, ...apiDocsRoutes(fullCtx, api)], identityGate);

  await registerWebClient(app, fullCtx, opts.webDist, ctx.config.secureCookies);
  return { app, routes };
}

export { SESSION_HINT_COOKIE };

/** Built files whose names carry a content hash: kept a year by every cache. Everything else is revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built client: files as they are (their .br or .gz twin written at build time when the client accepts
 * it), any other page path gets index.html (the client routes it).
 */
async function registerWebClient(app: FastifyInstance, ctx: AppContext, webDist: string | undefined, secureCookies: boolean) {
  const root = webDist ? resolve(webDist) : undefined;
  const hasClient = Boolean(root && existsSync(resolve(root, 'index.html')));
  const assets = root ? resolve(root, 'assets') + sep : '';
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: root!,
      serve: false,
      preCompressed: true,
      // @fastify/static would otherwise answer `public, max-age=0` for every file, over what the route set.
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header('cache-control', path.startsWith(assets) ? IMMUTABLE : 'no-cache');
      },
    });
  }
  const page = async (req: FastifyRequest, reply: FastifyReply) => {
    const hinted = req.cookies?.[SESSION_HINT_COOKIE] !== undefined;
    const session = Boolean(req.cookies?.[SESSION_COOKIE]);
    if (session && !hinted) {
      setSessionHint(reply, secureCookies);
    } else if (!session && hinted) {
      clearSessionHint(reply, secureCookies);
    }
    // A signed-in browser's portal: its first screen's chunks load beside the entry (http/preload-hints.ts), and
    // the current user is in the page, so the client does not ask for it first (modules/auth/page-user.routes.ts).
    const user = session ? await pageUserBlock(ctx, req, reply) : '';
    return sendPage(req, reply, ctx, root!, session ? preloadHints(root!, decodeURIComponent(req.url.split('?')[0])) : '', user);
  };
  app.route({
    method: 'GET',
    url: '/*',
    config: { access: 'public' },
    handler: async (req, reply) => {
      const path = decodeURIComponent(req.url.split('?')[0]);
      if (path.startsWith('/api/') || path === '/api' || !hasClient) {
        return reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND' });
      }
      if (path === '/index.html') return page(req, reply);
      const file = resolve(root!, `.${path}`);
      if (file.startsWith(root! + sep) && existsSync(file) && statSync(file).isFile()) return reply.sendFile(path.slice(1));
      return page(req, reply);
    },
  });
}

/** index.html as built, read again when the build changes. */
let shell: { path: string; mtimeMs: number; html: string } | undefined;
/** The page as last sent per colour and preload hints: its tag and its compressed forms (a page is about 1 KB; a few colours, six hint sets at most). */
const pages = new Map<string, { etag: string; html: string; br?: Buffer; gzip?: Buffer }>();

/**
 * The company's colour in the served page (issue 15): a style element with the palette (contracts/brand-palette.ts)
 * in the head, so the first paint already has it and the client makes no request for it (ADR 0012). Unlayered, it
 * wins over the theme's defaults whatever the order of the stylesheets. The public branding itself rides along as
 * a JSON block (issue 30): the header's name and logo are there at the first render, with no request and no second
 * render when it arrives.
 */
export function brandedShell(html: string, brand: PublicBranding): string {
  const color = brand.primaryColor.toLowerCase();
  const style = `<style id="brand-palette" data-color="${color}">${brandPaletteCss(color)}</style>`;
  const json = `<script type="application/json" id="${BRANDING_ELEMENT_ID}">${JSON.stringify(brand).replace(/</g, '\\u003c')}</script>`;
  return html.replace(/<meta name="theme-color" content="[^"]*" \/>/, `<meta name="theme-color" content="${color}" />`).replace('</head>', `${style}${json}</head>`);
}

async function sendPage(req: FastifyRequest, reply: FastifyReply, ctx: AppContext, root: string, hints = '', user = '') {
  const path = resolve(root, 'index.html');
  const { mtimeMs } = statSync(path);
  if (!shell || shell.path !== path || shell.mtimeMs !== mtimeMs) {
    shell = { path, mtimeMs, html: readFileSync(path, 'utf8') };
    pages.clear();
  }
  let brand: PublicBranding | undefined;
  try {
    brand = await publicBranding(ctx);
  } catch (err) {
    // Without the database the page still loads, in the default colours (the client asks for the branding itself).
    req.log.warn({ err }, 'branding unavailable for the page');
  }
  const key = `${brand ? JSON.stringify(brand) : ''}|${hints}`;
  let entry = pages.get(key);
  if (!entry) {
    const branded = brand ? brandedShell(shell.html, brand) : shell.html;
    const html = hints ? branded.replace('</head>', `${hints}</head>`) : branded;
    entry = { etag: `"${createHash('sha1').update(html).digest('base64url').slice(0, 22)}"`, html };
    if (pages.size > 16) pages.clear();
    pages.set(key, entry);
  }
  reply.header('content-type', 'text/html; charset=utf-8');
  addVary(reply, 'accept-encoding');
  if (user) {
    // A page with a person's data in it: this browser's alone, never kept by a shared cache, and compressed anew.
    reply.header('cache-control', 'private, no-cache');
    const html = entry.html.replace('</head>', `${user}</head>`);
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    if (!encoding) return reply.send(html);
    const body = encoding === 'br' ? brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(html, { level: 6 });
    return reply.header('content-encoding', encoding).send(body);
  }
  reply.header('cache-control', 'no-cache').header('etag', entry.etag);
  if (req.headers['if-none-match'] === entry.etag) return reply.status(304).send();
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  if (!encoding) return reply.send(entry.html);
  const body =
    encoding === 'br'
      ? (entry.br ??= brotliCompressSync(entry.html, { params: { [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT, [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }))
      : (entry.gzip ??= gzipSync(entry.html, { level: 9 }));
  return reply.header('content-encoding', encoding).send(body);
}
