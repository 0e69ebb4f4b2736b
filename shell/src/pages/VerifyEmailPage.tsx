import { MESSAGES } from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { useQuery } from '@tanstack/react-query';
import { Alert, Spin } from 'antd';
import { z } from 'zod';
import { InAppLink } from '../app/InAppLink';
import { useShellLocation } from '../routing/location';
import { PublicCard } from './PublicCard';

const messageAnswer = z.object({ message: z.string() });

/** The emailed link: /verifyEmail?token=… */
export function VerifyEmailPage() {
  const token = useShellLocation().query.get('token') ?? '';
  const verification = useQuery({
    queryKey: ['verifyEmail', token],
    queryFn: () => apiClient.post('/api/security/verifyEmail', { token }, messageAnswer),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  return (
    <PublicCard title="Verify your email">
      {token === '' || verification.isError ? (
        <Alert type="error" role="alert" showIcon title={MESSAGES.emailVerificationFailed} />
      ) : verification.isPending ? (
        <Spin />
      ) : (
        <Alert type="success" showIcon title={MESSAGES.emailVerified} />
      )}
      <p style={{ marginTop: 16, marginBottom: 0 }}>
        <InAppLink to="/">Go to sign in</InAppLink>
      </p>
    </PublicCard>
  );
}
