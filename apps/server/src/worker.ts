// The worker threads' entry (`WorkerPool`, platform/workers): serves every declared task by its name. It
// imports the tasks' pure code only (no database, no HTTP), so a thread starts lighter than the app. `build.mjs` bundles it
// beside main.js; tests and `npm run dev` run it from source under tsx.
import { tnvedTasks } from './modules/customs/tnved/tasks';
import { documentTasks } from './modules/documents/tasks';
import { financeTasks } from './modules/finance/tasks';
import { insuranceTasks } from './modules/insurance/tasks';
import { reportTasks } from './modules/reports/tasks';
import { exportTasks } from './platform/exports/xlsx-stream';
import { importTasks } from './platform/imports/tasks';
import { resourceTasks } from './platform/resources/tasks';
import { serveTasks } from './platform/workers/serve';
import type { TaskHandlers } from './platform/workers/tasks';

const handlers: TaskHandlers = {
  ...documentTasks,
  ...exportTasks,
  ...financeTasks,
  ...insuranceTasks,
  ...importTasks,
  ...reportTasks,
  ...resourceTasks,
  ...tnvedTasks,
};

export default serveTasks(handlers);
