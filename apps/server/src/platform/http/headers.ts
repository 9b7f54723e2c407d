import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../../config';

/**
 * The Content-Security-Policy of every response. Scripts only from the app's own files, never inline.
 * Styles from its files and inline: Mantine writes its theme as `<style>` elements at run time and
 * widgets (the editor, charts, popovers) set style attributes, none of which a nonce would cover (see
 * docs/security.md). The WebSocket is same-origin ('self'); files open as blob: URLs.
 */
const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

/** A year, subdomains too: once a browser saw it over TLS it never talks plain HTTP to the server again. */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** Powerful browser features the back office never uses, off for the app and anything it could embed. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'bluetooth=()',
  'browsing-topics=()',
  'interest-cohort=()',
].join(', ');

const HELMET_OPTIONS = {
  contentSecurityPolicy: CONTENT_SECURITY_POLICY,
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  // Decided per request (perRequestHeaders).
  strictTransportSecurity: false,
} as const;

/** What helmet's options leave to the request: Permissions-Policy, and HSTS on a request that came over TLS. */
function perRequestHeaders(config: Config, request: FastifyRequest, reply: FastifyReply): void {
  reply.header('permissions-policy', PERMISSIONS_POLICY);
  if (config.hsts || request.protocol === 'https') {
    reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
  }
}

/**
 * The security headers of every response (API, static files, errors, not found), set by the first hook,
 * before any other can answer: CSP, `frame-ancestors 'none'` and X-Frame-Options DENY, Referrer-Policy
 * no-referrer, X-Content-Type-Options nosniff, Permissions-Policy; Strict-Transport-Security on requests
 * that came over TLS (directly or through a trusted proxy), or on every one when `config.hsts` says so.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const apply = earlySecurityHeaders(config);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request, reply);
    reply.header('x-request-id', request.id);
    done();
  });
}

/** What helmet does to a response: the headers it sets, in order, and those it removes. */
interface HelmetEffect {
  set: [name: string, value: string][];
  removed: string[];
}

/**
 * Helmet's headers for HELMET_OPTIONS, found by running its middleware once against a recorder: with these
 * options every one is the same on every response (no directive depends on the request), so a request
 * only sets them. @fastify/helmet builds the middleware anew on every request (parsing and validating every
 * option, the CSP's directives), and running the built one costs a dozen closures per response.
 */
function helmetEffect(): HelmetEffect {
  const effect: HelmetEffect = { set: [], removed: [] };
  const recorder = {
    setHeader: (name: string, value: string) => effect.set.push([name, String(value)]),
    removeHeader: (name: string) => effect.removed.push(name),
  };
  let failed: unknown;
  helmet(HELMET_OPTIONS)({} as never, recorder as never, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed;
  return effect;
}

/**
 * The same headers for the answers Fastify gives before any hook runs (a malformed URL, an overlong path
 * parameter: `frameworkErrors`), and for every other (`registerSecurityHeaders`).
 */
export function earlySecurityHeaders(config: Config): (request: FastifyRequest, reply: FastifyReply) => void {
  const { set, removed } = helmetEffect();
  return (request, reply) => {
    const raw = reply.raw;
    for (const name of removed) raw.removeHeader(name);
    for (const [name, value] of set) raw.setHeader(name, value);
    perRequestHeaders(config, request, reply);
  };
}
