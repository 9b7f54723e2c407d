import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where file contents live; local disk now, an S3-compatible store can implement the same. */
export interface FileStorage {
  put(key: string, content: Readable): Promise<void>;
  /** The content, or null when it is gone (removed, lost, a volume not mounted). */
  get(key: string): Promise<Readable | null>;
  remove(key: string): Promise<void>;
}

export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  /** Keys are server-made (date/uuid); the check keeps any key inside the root anyway. */
  private pathOf(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error('invalid storage key');
    return full;
  }

  async put(key: string, content: Readable): Promise<void> {
    const full = this.pathOf(key);
    await mkdir(path.dirname(full), { recursive: true });
    await pipeline(content, createWriteStream(full, { flags: 'wx' }));
  }

  async get(key: string): Promise<Readable | null> {
    const full = this.pathOf(key);
    const found = await stat(full).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
      throw error;
    });
    return found?.isFile() ? createReadStream(full) : null;
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
