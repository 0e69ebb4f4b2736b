// /provider?providerId=…: one clinician for staff (providerDetail): profile, status with a reason, transfer,
// rates, vacations, credentials, documents, notes, rating details and activity. Everyone else is refused here as
// by the shell and the API.
import { credentialStateName, providerStatusName } from '@carelane/shared-domain';
import { canOpen, useSession, useUrlState } from '@carelane/shared-session';
import { AreaLink, EmptyState, loadState, PageFrame } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Flex, Tag } from 'antd';
import { z } from 'zod';
import { ClinicianCredentials } from '../credentials/ClinicianCredentials';
import { DocumentsCard } from './DocumentsCard';
import { NotesCard } from './NotesCard';
import { ProfileCard } from './ProfileCard';
import {
  ActivityCard,
  RatesCard,
  RatingDetailsCard,
  StatusCard,
  TransferCard,
  VacationsCard,
} from './ProviderCards';
import { providerDetailQueries } from './provider-detail-queries';

const paramsSchema = z.object({ providerId: z.coerce.number().int().positive().optional() });

function ProviderDetailView({ providerId }: { providerId: number }) {
  const session = useSession();
  const provider = useQuery(providerDetailQueries.one(providerId));
  const loaded = loadState(provider, 'the clinician');
  if (!loaded.data) return <PageFrame title="Clinician">{loaded.fallback}</PageFrame>;
  const p = loaded.data;
  return (
    <PageFrame
      title={`${p.givenName} ${p.familyName}`}
      subtitle={p.providerType}
      actions={
        <Flex gap={8}>
          <Tag color={p.providerStatusId === 3 ? 'green' : p.providerStatusId === 5 ? 'red' : 'blue'}>
            {providerStatusName(p.providerStatusId)}
          </Tag>
          <Tag>{credentialStateName(p.credentialState)}</Tag>
          {canOpen(session, 'timeline') ? (
            <AreaLink to={`/timeline?providerId=${p.id}`}>Timeline</AreaLink>
          ) : null}
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        <ProfileCard key={p.version} provider={p} onReload={() => void provider.refetch()} />
        <Flex gap={16} wrap align="start">
          <StatusCard key={`status-${p.version}`} provider={p} />
          <TransferCard provider={p} />
        </Flex>
        <RatesCard providerId={p.id} />
        <Flex gap={16} wrap align="start">
          <VacationsCard providerId={p.id} />
          <RatingDetailsCard provider={p} />
        </Flex>
        <ClinicianCredentials providerId={p.id} />
        <DocumentsCard providerId={p.id} />
        <NotesCard providerId={p.id} />
        <ActivityCard providerId={p.id} />
      </Flex>
    </PageFrame>
  );
}

export default function ProviderPage() {
  const session = useSession();
  const [{ providerId }] = useUrlState(paramsSchema);
  if (!canOpen(session, 'providerDetail'))
    return (
      <PageFrame title="Clinician">
        <EmptyState title="Sorry, you don't have access to this." />
      </PageFrame>
    );
  if (!providerId)
    return (
      <PageFrame title="Clinician">
        <EmptyState
          title="Choose a clinician"
          description="Open a clinician from the clinician list to see their record."
        />
      </PageFrame>
    );
  return <ProviderDetailView providerId={providerId} />;
}
