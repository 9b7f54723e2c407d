import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';

/** Query parameter names (decoded, lower case) that carry a credential when they contain one of these. */
const CREDENTIAL_NAMES = [
  'bearer',
  'token',
  'ticket',
  'signature',
  'password',
  'secret',
  'apikey',
  'api_key',
];
/** A JWT, wherever it sits: three base64url parts, the first a JSON object (`eyJ`). */
const JWT = /eyJ[\w-]*\.[\w-]*\.[\w-]*/g;
const REDACTED = '***';

const PERCENT_OR_PLUS = /[%+]/;

/** A query parameter's name as the server reads it, however often it was percent-encoded. */
function decodedName(name: string): string | null {
  if (!PERCENT_OR_PLUS.test(name)) return name.toLowerCase();
  let current = name.replace(/\+/g, ' ');
  for (let i = 0; i < 5; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current.toLowerCase();
    current = next;
  }
  return null;
}

function isCredentialName(name: string): boolean {
  const decoded = decodedName(name);
  // A name that does not decode cleanly is not trusted to be harmless.
  return decoded === null || CREDENTIAL_NAMES.some((credential) => decoded.includes(credential));
}

/**
 * A URL fit for the logs: the value of every query parameter whose name carries a credential (`bearer`,
 * `token`, `ticket`, `signature`, ... in any case or percent-encoding: `?bear%65r=`) and anything shaped
 * like a JWT are replaced by `***`.
 */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  // Most URLs hold no JWT: the replacements below would only copy them.
  const jwt = url.includes('eyJ');
  const path = start < 0 ? url : url.slice(0, start);
  if (start < 0) return jwt ? path.replace(JWT, REDACTED) : path;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      const name = equals < 0 ? part : part.slice(0, equals);
      if (equals >= 0 && isCredentialName(name)) return `${name}=${REDACTED}`;
      return jwt ? part.replace(JWT, REDACTED) : part;
    });
  return `${jwt ? path.replace(JWT, REDACTED) : path}?${query.join('&')}`;
}

/** The server's logger: credentials stay out of the log, in headers as in URLs. */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers["x-api-key"]'],
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
  };
}

/**
 * One line per request, when it is answered (Fastify's default writes two): its id, route, status and time,
 * at `error` with the error when it failed.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  /** The request's line already says 404. */
  override routeNotFound(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      route: request.routeOptions.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else reply.log.info(line, 'request');
  }
}
