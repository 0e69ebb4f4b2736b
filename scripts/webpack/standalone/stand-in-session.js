// The stand-in session of a standalone area: the session kept from an earlier visit, else a demo login
// signed in against the API that `npm start` serves (proxied). Choose the role with
// `CARELANE_DEV_LOGIN=coordinator@carelane.local npm run dev -w mf-scheduling`.
import { publishErrorToast, restoreSession, signIn } from '@carelane/shared-session';

const LOGIN = process.env.CARELANE_DEV_LOGIN || 'admin@carelane.local';
const PASSWORD = process.env.CARELANE_DEV_PASSWORD || 'Carelane-demo-1';

export async function startStandInSession() {
  try {
    if (await restoreSession()) return;
    await signIn(LOGIN, PASSWORD);
  } catch (error) {
    const text = `The stand-in session could not sign in as ${LOGIN}: is \`npm start\` running on port 8080? ${error.message ?? ''}`;
    console.error(text);
    publishErrorToast(text);
  }
}
