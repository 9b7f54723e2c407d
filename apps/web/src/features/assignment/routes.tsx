import type { AppRoute } from '../../app/routeMeta';
import { resourceRoutes } from '../../platform/resources';

const rulesScreen = () => import('./RulesScreen').then((m) => m.RulesScreen);

/**
 * Auto-assignment rules (spec §2): each kind's list in its order with the reorder buttons and the "who
 * would get this" preview; `/new` and `/{id}` are the engine's form.
 */
export const assignmentRoutes: AppRoute[] = [
  ...resourceRoutes('/forwarder-auto-assignment/rules', (d) => d.forwarderAssignmentRuleResource, {
    list: rulesScreen,
  }),
  ...resourceRoutes('/cto-auto-assignment/rules', (d) => d.customsAssignmentRuleResource, {
    list: rulesScreen,
  }),
];
