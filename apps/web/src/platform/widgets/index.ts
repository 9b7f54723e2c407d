export { AutoTextarea } from './AutoTextarea';
export { DateInput, type DateInputProps } from './DateInput';
export { fieldErrorsOf, ROOT_FIELD, validationErrorsOf } from './fieldErrors';
export { HoldToConfirm, type HoldToConfirmProps } from './HoldToConfirm';
export { type LazyMultiSelectProps, LazySelect, type LazySelectProps } from './LazySelect';
export {
  DecimalField,
  type DecimalFieldProps,
  handlePaste,
  NumberField,
  type NumberFieldProps,
  PasteInput,
} from './NumberInput';
export { applyServerErrors } from './serverErrors';
