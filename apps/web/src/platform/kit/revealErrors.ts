import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * What shows a refused save's messages, in the order the form shows them: an input marked invalid, the
 * message under a control that marks none (a switch, a checkbox), the form's own message above it.
 */
const ERROR_SELECTOR = '[aria-invalid="true"], .mantine-InputWrapper-error, [data-form-error]';
const CONTROL_SELECTOR = 'input:not([type="hidden"]), textarea, select, button, [tabindex]';

/**
 * Scrolls the first error of the form the user works in (an open dialog, else the page: a dialog that
 * led to the save may still be closing) into view and focuses its field. Answers whether there was one.
 */
export function revealFirstError(doc: Document = document): boolean {
  const dialogs = doc.querySelectorAll('[role="dialog"][aria-modal="true"]');
  const dialog = dialogs[dialogs.length - 1];
  const inDialog = dialog?.querySelector<HTMLElement>(ERROR_SELECTOR);
  const layer = inDialog && dialog ? dialog : doc.body;
  const first = inDialog ?? doc.body.querySelector<HTMLElement>(ERROR_SELECTOR);
  if (!first) return false;
  first.scrollIntoView({ block: 'center' });
  if (first.hasAttribute('data-form-error')) return true;
  // The message of a switch: its control is the nearest one around it.
  let control: HTMLElement | null = first.matches(CONTROL_SELECTOR) ? first : null;
  for (let node = first.parentElement; !control && node && node !== layer; node = node.parentElement) {
    control = node.querySelector<HTMLElement>(CONTROL_SELECTOR);
  }
  control?.focus({ preventScroll: true });
  return true;
}

/**
 * Every record form's answer to a refused save, by the client's check or the server's Validation Failed:
 * the first field with an error is brought into view and focused once per save, whether it lies above or
 * below the save button. Typing afterwards re-checks the fields without moving the page.
 */
export function useRevealErrors<T extends FieldValues>(form: UseFormReturn<T>): void {
  // Read while rendering: react-hook-form re-renders only for the form state a component reads.
  const { submitCount, errors } = form.formState;
  const failed = Object.keys(errors).length > 0;
  const revealedFor = useRef(0);
  useEffect(() => {
    if (!failed || submitCount === revealedFor.current) return;
    revealedFor.current = submitCount;
    revealFirstError();
  });
}
