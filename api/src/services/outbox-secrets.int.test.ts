import { describeEachDatabase, type TestServer } from '../test/harness';
import { count, deliveredTo, outboxTo, uniqueEmail } from '../test/identity-helpers';
import { enqueueMessage } from './outbox';

const pendingSecrets = (server: TestServer) => count(server, 'select count(*) from outbox_secrets');

describeEachDatabase('secrets in outgoing messages', (server) => {
  it('a reset link: the stored copy shows token=•••, the recipient gets a link that works', async () => {
    const email = 'backoffice@carelane.local';
    const res = await server().request('POST', '/api/security/forgotPassword', { body: { emailId: email } });
    expect(res.status).toBe(200);

    const [stored] = await outboxTo(server(), email, 'email');
    expect(stored!.body).toContain('/resetPassword?token=•••\n');
    const [raw] = await server().sql<{ body: string }>(
      `select body from outbox where "to" = $1 order by id desc limit 1`,
      [email],
    );
    expect(raw!.body).toBe(stored!.body);

    const [delivered] = await deliveredTo(server(), email, 'email');
    const token = /\/resetPassword\?token=([A-Za-z0-9_-]+)/.exec(delivered!.body)![1]!;
    expect(stored!.body).toBe(delivered!.body.replace(token, '•••'));
    expect(stored!.body).not.toContain(token);
    const reset = await server().request('POST', '/api/security/resetPassword', {
      body: { token, password: 'Through-the-link-1' },
    });
    expect(reset.status).toBe(200);
    // Once delivered, the unmasked copy is gone.
    expect(await pendingSecrets(server())).toBe(0);
  });

  it('registration: the verification link and the texted code are masked in the stored copies', async () => {
    const emailId = uniqueEmail('masked');
    const res = await server().request('POST', '/api/security/register', {
      body: {
        emailId,
        password: 'Nurse-password-1',
        firstName: 'Mae',
        lastName: 'Sked',
        phoneNumber: '(737) 555-0142',
        providerTypeId: 1,
      },
    });
    expect(res.status).toBe(201);
    const [email] = await outboxTo(server(), emailId.toLowerCase(), 'email');
    expect(email!.body).toMatch(/\/verifyEmail\?token=•••\n/);
    const [sms] = await outboxTo(server(), '7375550142', 'sms');
    expect(sms!.body).toBe('Your Carelane verification code is •••. It expires in 15 minutes.');
    const [texted] = await deliveredTo(server(), '7375550142', 'sms');
    expect(texted!.body).toMatch(/^Your Carelane verification code is \d{6}\. It expires in 15 minutes\.$/);
  });

  it('any link token is masked, named as a secret or not (the facility link too)', async () => {
    await server().services.db.transaction((tx) =>
      enqueueMessage(tx, {
        channel: 'email',
        to: 'facility@outbox-secrets.test',
        subject: 'Clinician assigned',
        body:
          'Accept: http://x.test/confirmation?token=AbC-123_x\n' +
          'Change: http://x.test/changeVisit?token=AbC-123_x&v=2\n',
      }),
    );
    const [stored] = await outboxTo(server(), 'facility@outbox-secrets.test', 'email');
    expect(stored!.body).toBe(
      'Accept: http://x.test/confirmation?token=•••\nChange: http://x.test/changeVisit?token=•••&v=2\n',
    );
    const [delivered] = await deliveredTo(server(), 'facility@outbox-secrets.test', 'email');
    expect(delivered!.body).toContain('confirmation?token=AbC-123_x\n');
  });
});

describeEachDatabase(
  'secrets with no one to deliver them to',
  (server) => {
    it('the record-only outbox keeps no unmasked copy once the message is recorded as sent', async () => {
      const res = await server().request('POST', '/api/security/forgotPassword', {
        body: { emailId: 'executive@carelane.local' },
      });
      expect(res.status).toBe(200);
      await server().services.outbox.runOnce();
      await server().services.outbox.runOnce();
      const [row] = await server().sql<{ status: string; body: string }>(
        `select status, body from outbox where "to" = 'executive@carelane.local' order by id desc limit 1`,
      );
      expect(row).toEqual({ status: 'SENT', body: expect.stringContaining('token=•••') });
      expect(await pendingSecrets(server())).toBe(0);
    });
  },
  { messagePickupDir: undefined },
);
