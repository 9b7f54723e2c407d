import type { FastifyInstance } from 'fastify';
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

/** Refuses an upload whose declared length is beyond its route's `uploadLimit`, before reading any of it. */
export function registerUploadLimits(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const limit = request.routeOptions.config?.uploadLimit;
    if (!limit) return;
    const length = Number(request.headers['content-length']);
    if (length > limit.bytes + MULTIPART_ROOM) throw new HttpError(413, limit.message);
  });
}
