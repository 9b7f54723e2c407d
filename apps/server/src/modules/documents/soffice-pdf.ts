import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * A .docx as a PDF made by LibreOffice in headless mode (`soffice --headless --convert-to pdf`), which keeps
 * what a Russian shipment document needs and the pure-JS converter drops: pictures (logo, stamp, signature),
 * headers and footers, fonts and page settings. Each conversion has its own profile directory (two
 * conversions at once would otherwise fight over one) and a time limit after which the process is killed.
 * Found as `SOFFICE_PATH` or `soffice` on the PATH; without it (or with `PDF_CONVERTER=builtin`) the caller
 * keeps the pure-JS converter.
 */

/**
 * Past this a conversion is given up (a Word form of a few pages takes 1–3 s, the first start more), below
 * the worker pool's own limit (60 s) so that the built-in converter still has time to answer.
 */
export const SOFFICE_TIME_LIMIT_MS = 45_000;

let found: string | null | undefined;

/**
 * The soffice binary, or null when LibreOffice is not installed (looked up once per thread) or not wanted
 * (`PDF_CONVERTER=builtin`).
 */
export function sofficePath(): string | null {
  if (process.env.PDF_CONVERTER === 'builtin') return null;
  if (found !== undefined) return found;
  const candidates = process.env.SOFFICE_PATH
    ? [process.env.SOFFICE_PATH]
    : (process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'soffice'));
  found =
    candidates.find((path) => {
      try {
        accessSync(path, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    }) ?? null;
  return found;
}

export class SofficeFailure extends Error {}

/** The PDF of `docx` by LibreOffice; a SofficeFailure when it fails or passes `timeLimitMs`. */
export async function sofficePdf(
  docx: Buffer,
  binary: string,
  timeLimitMs = SOFFICE_TIME_LIMIT_MS,
): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'tms-soffice-'));
  try {
    const input = join(dir, 'document.docx');
    await writeFile(input, docx);
    const args = [
      `-env:UserInstallation=${pathToFileURL(join(dir, 'profile')).href}`,
      '--headless',
      '--norestore',
      '--nologo',
      '--nolockcheck',
      '--convert-to',
      'pdf:writer_pdf_Export',
      '--outdir',
      dir,
      input,
    ];
    await new Promise<void>((resolve, reject) => {
      // Its own process group, so that the time limit kills the office's helper processes too.
      const child = spawn(binary, args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString()).slice(-2000);
      });
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
        reject(new SofficeFailure(`LibreOffice took longer than ${timeLimitMs} ms`));
      }, timeLimitMs);
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(new SofficeFailure(`LibreOffice did not start: ${error.message}`));
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        if (code === 0) resolve();
        else reject(new SofficeFailure(`LibreOffice exited with ${code}: ${stderr.trim()}`));
      });
    });
    try {
      return await readFile(join(dir, 'document.pdf'));
    } catch {
      throw new SofficeFailure('LibreOffice wrote no PDF');
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
