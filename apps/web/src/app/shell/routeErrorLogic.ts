/** A screen's code could not be loaded: the deployment changed under an open tab, or the network failed. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

const KEY = 'tms.reloadedAfterChunkError';
/** A second failure within this time after the automatic reload is shown, not reloaded again. */
const WINDOW_MS = 60_000;

/**
 * Whether to reload by itself for a failed chunk at `path`: once per path and minute, so a chunk that is
 * really missing shows the message instead of reloading forever.
 */
export function takeReloadAttempt(storage: Storage, path: string, now: number = Date.now()): boolean {
  const last = storage.getItem(KEY);
  const [lastPath, lastAt] = last ? [last.slice(last.indexOf(' ') + 1), Number(last.split(' ')[0])] : ['', 0];
  if (lastPath === path && now - lastAt < WINDOW_MS) return false;
  storage.setItem(KEY, `${now} ${path}`);
  return true;
}
