// Whether the user has typed something on this page that was not submitted: a session that ends
// under them must warn first rather than drop it (issue 3, "expired session"). It follows input events
// in the whole document, so it covers every area's forms without their help.

let dirty = false;
let pathname = typeof window === 'undefined' ? '' : window.location.pathname;

/** Inputs marked with (or inside) `data-unsaved-ignore` never count: the search box, the login form. */
function counts(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest('[data-unsaved-ignore]')) return false;
  if (target instanceof HTMLInputElement) return !['search', 'hidden'].includes(target.type);
  return (
    target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement || target.isContentEditable
  );
}

export function watchUnsavedInput(): () => void {
  const onInput = (event: Event) => {
    if (counts(event.target)) dirty = true;
  };
  const onSubmit = () => {
    dirty = false;
  };
  const onRoute = () => {
    // Moving to another page leaves the form; only the query string changing (filters) keeps it.
    if (window.location.pathname !== pathname) dirty = false;
    pathname = window.location.pathname;
  };
  document.addEventListener('input', onInput, true);
  document.addEventListener('submit', onSubmit, true);
  window.addEventListener('popstate', onRoute);
  return () => {
    document.removeEventListener('input', onInput, true);
    document.removeEventListener('submit', onSubmit, true);
    window.removeEventListener('popstate', onRoute);
  };
}

export function hasUnsavedInput(): boolean {
  return dirty;
}

/** After the user chose what to do with it (tests, sign-out). */
export function forgetUnsavedInput(): void {
  dirty = false;
}
