import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');
/** Everything one run writes: the database, the served front end, the server's log. */
export const RUN_DIR = path.join(ROOT, 'e2e/.run');
export const STATIC_DIR = path.join(RUN_DIR, 'static');
export const SERVER_LOG = path.join(RUN_DIR, 'server.log');
/** Messages as delivered (MESSAGE_PICKUP_DIR): the outbox's stored copies mask their links' tokens. */
export const MESSAGES_DIR = path.join(RUN_DIR, 'messages');
/** The inbound webhooks' shared secret the server is started with (decision 062; support/inbound.ts signs with it). */
export const INBOUND_WEBHOOK_SECRET = 'e2e-inbound-webhook-secret';
