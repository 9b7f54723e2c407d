import { createHash, randomBytes } from 'node:crypto';

/**
 * API keys for machine clients (`X-Api-Key`). Keys are 256 random bits, so a fast hash is enough to
 * store them: the hash is looked up by equality on every request.
 */
export function apiKeyHash(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('hex');
}

export function newApiKey(): string {
  return randomBytes(32).toString('base64url');
}
