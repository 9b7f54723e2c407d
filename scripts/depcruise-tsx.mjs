// Preloaded by `npm run deps` (node --import). dependency-cruiser reads TypeScript with swc (TypeScript 7
// has no JavaScript API for it), but asks swc for plain TypeScript syntax, which refuses the JSX of .tsx
// files. This turns swc's `tsx` switch on for those files; nothing else changes.
import { createRequire } from 'node:module';

const swc = createRequire(import.meta.url)('@swc/core');
const parseFileSync = swc.parseFileSync;
swc.parseFileSync = (file, options) =>
  parseFileSync(file, String(file).endsWith('.tsx') ? { ...options, tsx: true } : options);
