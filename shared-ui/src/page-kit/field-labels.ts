// Failure texts that name a field as the form labels it ("Other phone: must be …"), not by its API key
// ("phoneNumber2: must be …").
import { buildErrorText } from '@carelane/shared-domain';
import { errorMessage, isApiCallError } from '@carelane/shared-session';

/** API field key -> the form's label; '' shows the message alone (a message that names its subject). */
export type FieldLabels = Readonly<Record<string, string>>;

/** 'phoneNumber2' -> 'Phone number 2', 'patient.zipcode' -> 'Zipcode': for keys a form has no label for. */
export function humanizeField(key: string): string {
  const last = key.split('.').pop() ?? key;
  const words = last
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replace(/([0-9])([A-Za-z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One field error as the user reads it. */
export function labelledFieldError(item: { field: string; message: string }, labels: FieldLabels = {}) {
  const label = labels[item.field] ?? humanizeField(item.field);
  return label ? `${label}: ${item.message}` : item.message;
}

/**
 * SPEC §8 'Sorry, {thing} could not be {action}. ' + the server's text, where a 400 answer's field errors
 * are named by their labels.
 */
export function failureText(error: unknown, thing: string, action: string, labels: FieldLabels = {}): string {
  // An empty text is one the client withheld (SPEC §8 internals): the field messages are withheld with it.
  if (isApiCallError(error) && error.fieldErrors.length > 0 && error.text !== '')
    return buildErrorText(thing, action, {
      error: error.fieldErrors.map((item) => labelledFieldError(item, labels)).join(', '),
    });
  return errorMessage(error, thing, action);
}
