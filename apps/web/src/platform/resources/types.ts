// What resource screens receive: apart from routes.tsx, which loads the screens lazily (no import cycle).
import type { ResourceDescriptor } from '@tms/domain';
import type { ComponentType, ReactNode } from 'react';
import type { FilterGroup, Row } from './logic';
import type { RecordTab } from './RecordPage';
import type { FieldWidget } from './widgets';

/** What every resource screen receives. */
export interface ResourceScreenProps {
  descriptor: ResourceDescriptor;
  options: ResourceRouteOptions;
}

export type LazyScreen = () => Promise<ComponentType<ResourceScreenProps>>;

export interface ResourceRouteOptions {
  /** Replaces the list screen. */
  list?: LazyScreen;
  /** Replaces the create and edit screen (the `:id` param is absent on create). */
  form?: LazyScreen;
  /** The create screen's path segment when routes.txt names it otherwise (`add` for `/holidays/add`). */
  newPath?: string;
  /** Custom widgets of single fields in the generated form, by field name (a `json` field needs one to be shown). */
  fields?: Record<string, FieldWidget>;
  /** Custom list cells by field name (a padded number, a link). */
  cells?: Record<string, (row: Row) => ReactNode>;
  /** Every row of the list on one line: long texts are cut with an ellipsis, whole on hover. */
  oneLine?: boolean;
  /** Headed groups of the list's filters (the others follow under "Other"). */
  filterGroups?: readonly FilterGroup[];
  /** Tabs of a saved record after the generated form's (a rate table's rows), before History. */
  recordTabs?: (record: Row) => RecordTab[];
  /** Starts what a record's screen needs besides the record, when its route is entered. */
  prefetch?: () => void;
  /** The feature's own actions in the list's toolbar, beside the export (an import). */
  toolbar?: ReactNode;
}
