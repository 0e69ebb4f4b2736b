import {
  apiClient,
  errorMessage,
  publishErrorToast,
  publishToast,
  useSession,
} from '@carelane/shared-session';
import { PageFrame } from '@carelane/shared-ui';
import { Button, Descriptions, Space } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { navigate } from '../routing/location';

const messageAnswer = z.object({ message: z.string() });

/** The signed-in user's own page: who they are, and their password, email and phone checks. */
export function ProfilePage() {
  const session = useSession();
  const [sending, setSending] = useState(false);
  if (!session) return null;
  const { user } = session;

  const sendEmailVerification = async () => {
    setSending(true);
    try {
      const answer = await apiClient.post('/api/security/sendEmailVerification', {}, messageAnswer);
      publishToast(answer.message);
    } catch (error) {
      publishErrorToast(errorMessage(error, 'the verification email', 'sent'));
    } finally {
      setSending(false);
    }
  };

  return (
    <PageFrame title="Profile">
      <Descriptions
        bordered
        column={1}
        style={{ maxWidth: 640, marginBottom: 24 }}
        items={[
          { key: 'name', label: 'Name', children: `${user.firstName} ${user.lastName}` },
          { key: 'email', label: 'Email', children: user.emailId },
          { key: 'role', label: 'Role', children: user.rolename },
          ...(user.referralSourceId !== null
            ? [{ key: 'organization', label: 'Organization', children: `#${user.referralSourceId}` }]
            : []),
          {
            key: 'idle',
            label: 'Signed out after',
            children: session.noIdleTimer
              ? 'Never (no idle timeout)'
              : `${Math.round(session.idleTimeoutMs / 60_000)} minutes without activity`,
          },
        ]}
      />
      <Space wrap>
        <Button onClick={() => navigate('/changePassword')}>Change password</Button>
        <Button onClick={() => void sendEmailVerification()} loading={sending}>
          Send me an email verification link
        </Button>
        <Button onClick={() => navigate('/verifyPhone')}>Verify my phone number</Button>
      </Space>
    </PageFrame>
  );
}
