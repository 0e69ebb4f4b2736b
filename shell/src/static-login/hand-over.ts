// The static sign-in page loads the application into the same document once the user has signed in; this mark
// tells the shell, when it starts, that the session it restores was just opened there (it then says 'Login
// successful.' as the React LoginPage does). A property of the page, not of storage: a reload never sees it.

const SIGNED_IN_HERE = Symbol.for('carelane.signedInOnStaticPage');
type Holder = Record<symbol, boolean | undefined>;

export function markSignedInOnStaticPage(): void {
  (globalThis as unknown as Holder)[SIGNED_IN_HERE] = true;
}

/** Whether the static page has just signed in; true once, then false. */
export function takeSignedInOnStaticPage(): boolean {
  const holder = globalThis as unknown as Holder;
  const signedIn = holder[SIGNED_IN_HERE] === true;
  delete holder[SIGNED_IN_HERE];
  return signedIn;
}
