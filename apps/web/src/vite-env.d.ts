/// <reference types="vite/client" />

/** The product version (package.json), shown as a label in the navigation. */
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  /** External base address: unknown paths go there, and the login redirect carries it. */
  readonly VITE_EXTERNAL_BASE_URL?: string;
}
