/** Build-time settings of the web app. */
export const APP_VERSION = __APP_VERSION__;

/** External base address, when the shell is embedded behind another product; unset by default. */
export const EXTERNAL_BASE_URL: string | null = import.meta.env.VITE_EXTERNAL_BASE_URL || null;

/** HTTP and script-chunk load timeout (spec §9). */
export const REQUEST_TIMEOUT_MS = 120_000;
