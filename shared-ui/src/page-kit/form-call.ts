// A form's call to the server, for every area: busy while it runs; when it fails, the 400 answer's field errors go
// on the fields they name (each field's API key mapped to the form's own name by `places`, or fields named as in
// the API), and the catalogue text ('Sorry, {thing} could not be {action}. …') goes to the form's error line and
// to an error toast.
import { isApiCallError, publishErrorToast } from '@carelane/shared-session';
import { failureText, labelledFieldError, type FieldLabels } from './field-labels';
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

/** Puts a 400 answer's field errors on the form's fields of those names; returns how many it placed. */
export function showFieldErrors(form: FormInstance, error: unknown): number {
  if (!isApiCallError(error)) return 0;
  const known = new Set(Object.keys(form.getFieldsValue(true) as Record<string, unknown>));
  const placed = error.fieldErrors.filter((item) => known.has(item.field));
  form.setFields(placed.map((item) => ({ name: item.field, errors: [item.message] })));
  return placed.length;
}

/**
 * A failed call shown: the field errors on the form (through `places`, else on the fields named as in the API),
 * the catalogue text handed to `show` (the form's error line) and published as an error toast.
 */
export function showFailure(
  form: FormInstance,
  error: unknown,
  what: { thing: string; action: string; places?: FieldPlaces; labels?: FieldLabels },
  show: (text: string) => void,
): void {
  if (what.places) placeFieldErrors(form, error, what.places, what.labels);
  else showFieldErrors(form, error);
  const text = failureText(error, what.thing, what.action, what.labels);
  show(text);
  publishErrorToast(text);
}

/** A failed save ("Sorry, the {thing} could not be saved. …"), the fields named as in the API. */
export function showSaveFailure(
  form: FormInstance,
  error: unknown,
  thing: string,
  show: (text: string) => void,
  labels?: FieldLabels,
): void {
  showFailure(form, error, { thing, action: 'saved', labels }, show);
}

export type FailureShown = Parameters<typeof showFailure>[2];

/**
 * A form's call to the server (the page writes no busy state of its own): `busy` while it runs; when it fails, its failure is shown on the form
 * (showFailure) and in `failure` (the form's error line). `call` answers whether the action succeeded.
 */
export function useFormCall(form: FormInstance) {
  const { busy, run } = useBusy();
  const [failure, setFailure] = useState<string | null>(null);
  const call = (what: FailureShown, action: () => Promise<void>): Promise<boolean> =>
    run(async () => {
      setFailure(null);
      try {
        await action();
        return true;
      } catch (error) {
        showFailure(form, error, what, setFailure);
        return false;
      }
    });
  return { busy, failure, call };
}

/**
 * The busy state of a call that is not a form's (a button, a dialog): `run(action)` is busy until the action
 * settles, whatever it answers or throws, and answers what it answers.
 */
export function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = async <T>(action: () => Promise<T>): Promise<T> => {
    setBusy(true);
    try {
      return await action();
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/**
 * useFormCall for a form that saves one thing: `save(action)` runs it busy, and a failure shows as showSaveFailure
 * does. Answers whether the save succeeded.
 */
export function useSaveCall(form: FormInstance, thing: string, labels?: FieldLabels) {
  const { busy, failure, call } = useFormCall(form);
  const save = (action: () => Promise<void>) => call({ thing, action: 'saved', labels }, action);
  return { busy, failure, save };
}
