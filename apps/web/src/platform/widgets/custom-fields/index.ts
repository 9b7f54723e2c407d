export { AddToListDialog } from './AddToListDialog';
export {
  CustomFieldInput,
  type CustomFieldInputProps,
  FieldGrid,
  type FieldGridProps,
} from './CustomFieldInput';
export { CustomFieldsForm, type CustomFieldsFormProps } from './CustomFieldsForm';
export { ExpandedSelect } from './ExpandedSelect';
export { FileField } from './FileField';
export { childErrors, NO_ERRORS, shownDefinitions, treeOfFormErrors } from './logic';
export { UserDefinedListField } from './UserDefinedListField';
