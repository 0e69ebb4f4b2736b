// The cap on messages to one email address or phone number (MESSAGES_PER_HOUR, decision 017): identity messages
// (reset and verification links, phone codes) and clinician invitations count together, whoever asks for them.
import type { Executor } from '../db/client';
import { waitText } from '../plugins/rate-limit-store';
import type { AppServices } from './app-services';

/**
 * Counts one message to `to` in the caller's transaction (a refused request leaves nothing), or refuses it:
 * 429 TOO_MANY_MESSAGES once the address or number had its allowance this hour.
 */
export async function capMessagesTo(
  services: Pick<AppServices, 'limits'>,
  ex: Executor,
  channel: 'email' | 'sms',
  to: string,
): Promise<void> {
  const what = channel === 'email' ? 'this email address' : 'this phone number';
  await services.limits.consume('messages.recipient', `${channel}:${to.trim().toLowerCase()}`, {
    ex,
    code: 'TOO_MANY_MESSAGES',
    message: (wait) =>
      `Too many messages were sent to ${what} lately. Please try again in ${waitText(wait)}.`,
  });
}
