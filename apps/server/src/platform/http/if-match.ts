import { REQUEST_MESSAGES } from '@tms/domain';
import type { FastifyRequest } from 'fastify';
import { fieldError } from '../errors';

/**
 * The version an update is based on: the body's `version`, the If-Match header (`"3"`, `3` or `W/"3"`), or
 * both when they agree. A header naming no version, or one disagreeing with the body, is refused (400), so
 * an update never goes through on the strength of the other one.
 */
export function basedOnVersion(request: FastifyRequest, bodyVersion: number | undefined): number | undefined {
  const header = request.headers['if-match'];
  if (header === undefined) return bodyVersion;
  const match = typeof header === 'string' ? /^(?:W\/)?("?)([1-9][0-9]{0,9})\1$/.exec(header.trim()) : null;
  if (!match) throw fieldError(['version'], REQUEST_MESSAGES.ifMatchInvalid);
  const version = Number(match[2]);
  if (bodyVersion !== undefined && bodyVersion !== version) {
    throw fieldError(['version'], REQUEST_MESSAGES.versionMismatch);
  }
  return version;
}
