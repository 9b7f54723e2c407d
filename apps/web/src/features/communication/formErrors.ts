import { useState } from 'react';
import { joinErrorLines } from '../../platform/kit/errorText';
import { validationErrorsOf } from '../../platform/widgets/fieldErrors';

/** A refused save's messages by field (`root` for the form's own), translated; other failures pass on. */
export function useFormErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const take = (error: unknown): void => {
    const fields = validationErrorsOf(error);
    if (!fields) throw error;
    setErrors(
      Object.fromEntries(Object.entries(fields).map(([field, lines]) => [field, joinErrorLines(lines)])),
    );
  };
  return { errors, take, clear: () => setErrors({}) };
}
