// login.js: the entry of the static sign-in page's script (scripts/webpack/static-login.cjs builds it alone).
import { browserStores } from '@carelane/shared-session/session-hint';
import { appLoader, startPage } from './static-login';

startPage(document, window.location.pathname, {
  fetch: (input, init) => window.fetch(input, init),
  online: () => navigator.onLine !== false,
  production: process.env.NODE_ENV === 'production',
  stores: browserStores(),
  loadApp: appLoader(document),
});
