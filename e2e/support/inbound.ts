// The SMS/email gateway's side of the inbound webhooks (decision 062): a call signed with the secret the e2e
// server is started with (global-setup.ts), as a gateway would send it.
import crypto from 'node:crypto';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { baseUrl } from './fixtures';
import { INBOUND_WEBHOOK_SECRET } from './paths';

export async function postSignedInbound(
  request: APIRequestContext,
  channel: 'sms' | 'email',
  payload: Record<string, unknown>,
): Promise<APIResponse> {
  const body = JSON.stringify(payload);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = crypto
    .createHmac('sha256', INBOUND_WEBHOOK_SECRET)
    .update(`${timestamp}.${body}`)
    .digest('hex');
  return request.post(`${baseUrl()}/api/messaging/inbound/${channel}`, {
    headers: {
      'content-type': 'application/json',
      'x-carelane-timestamp': timestamp,
      'x-carelane-signature': `sha256=${signature}`,
    },
    data: body,
  });
}
