import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The most bytes the file of this upload route may have, and the message of a refusal: a request whose
     * declared length is beyond it (and the multipart fields around the file) is refused (413) before its body
     * is read; one that does not declare it is cut where the file passes the limit (`importBytes`).
     */
    uploadLimit?: { bytes: number; message: string };
  }
}

/** Room for the multipart framing and the fields beside the file (a statement's decisions: at most 1 MB). */
const MULTIPART_ROOM = 1024 * 1024 + 64 * 1024;

/**
 * Refuses an upload whose declared length is beyond its route's `uploadLimit`, before reading any of it: a
 * hook of those routes only (after the app's own `onRequest` hooks), so no other request pays for it.
 */
export function registerUploadLimits(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const limit = route.config?.uploadLimit;
    if (!limit) return;
    const refuse = async (request: FastifyRequest) => {
      const length = Number(request.headers['content-length']);
      if (length > limit.bytes + MULTIPART_ROOM) throw new HttpError(413, limit.message);
    };
    const own = route.onRequest;
    route.onRequest = own === undefined ? [refuse] : [...(Array.isArray(own) ? own : [own]), refuse];
  });
}
