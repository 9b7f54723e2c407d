import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every tables.ts of the modules and of the platform; nothing lists them by hand.
  schema: ['./src/modules/*/tables.ts', './src/platform/*/tables.ts'],
  out: './drizzle',
  casing: 'snake_case',
});
