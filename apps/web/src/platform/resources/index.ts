// Only the route factory and types: the screens and their logic load with the first resource screen.
export {
  type ResourceRouteOptions,
  type ResourceScreenProps,
  resourceRoutes,
  resourceScreen,
} from './routes';
export type { ResourceTexts } from './texts';
export type { FieldWidget, FieldWidgetProps } from './widgets';
