// A failed call in a billing form: the 400 answer's field errors go on the fields they name (each field's API
// key mapped to the form's own name), and the catalogue text ('Sorry, {thing} could not be {action}. …') goes
// to the form's error line and to an error toast. shared-ui's showSaveFailure does the same for 'saved' and
// for fields named as in the API.
import { isApiCallError, publishErrorToast } from '@carelane/shared-session';
import { failureText, labelledFieldError, type FieldLabels } from '@carelane/shared-ui';
import type { FormInstance } from 'antd';
import { useState } from 'react';

/** API field key (exact, or a prefix ending with '.') -> the form field it is shown on. */
export type FieldPlaces = Readonly<Record<string, string>>;

function placeOf(field: string, places: FieldPlaces): string | undefined {
  if (places[field]) return places[field];
  const prefix = Object.keys(places).find((key) => key.endsWith('.') && field.startsWith(key));
  return prefix ? places[prefix] : undefined;
}

/** Puts each field error on its form field (labelled as the form labels it); answers how many it placed. */
export function placeFieldErrors(
  form: FormInstance,
  error: unknown,
  places: FieldPlaces,
  labels: FieldLabels = {},
): number {
  if (!isApiCallError(error)) return 0;
  const placed = error.fieldErrors.flatMap((item) => {
    const name = placeOf(item.field, places);
    return name ? [{ name, errors: [labelledFieldError(item, labels)] }] : [];
  });
  form.setFields(placed);
  return placed.length;
}

export function showFailure(
  form: FormInstance,
  error: unknown,
  what: { thing: string; action: string; places: FieldPlaces; labels?: FieldLabels },
  show: (text: string) => void,
): void {
  placeFieldErrors(form, error, what.places, what.labels);
  const text = failureText(error, what.thing, what.action, what.labels);
  show(text);
  publishErrorToast(text);
}

export type FailureShown = Parameters<typeof showFailure>[2];

/**
 * A billing form's call to the server: `busy` while it runs; when it fails, its failure is shown on the form
 * (showFailure) and in `failure` (the form's error line). `call` answers whether the action succeeded.
 */
export function useFormCall(form: FormInstance) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const call = async (what: FailureShown, action: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    setFailure(null);
    try {
      await action();
      return true;
    } catch (error) {
      showFailure(form, error, what, setFailure);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, call };
}
