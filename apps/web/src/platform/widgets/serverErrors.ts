import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { joinErrorLines } from '../kit/errorText';
import { ROOT_FIELD, validationErrorsOf } from './fieldErrors';

/**
 * Puts the server's per-field messages of a Validation Failed answer under their form fields, translated
 * when the dictionary has them and a line each; root messages go under `root`. Answers whether the error was one.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
): boolean {
  const errors = validationErrorsOf(error);
  if (!errors) return false;
  for (const [field, messages] of Object.entries(errors)) {
    const message = joinErrorLines(messages);
    setError((field === ROOT_FIELD ? 'root.server' : field) as Path<T>, { type: 'server', message });
  }
  return true;
}
