// The clinician invitations, newest first, with their status filter and page in the URL. A Pending or Expired
// invitation can be sent again (a new link and expiry, the same clinician record); each name opens the
// clinician's onboarding.
import {
  INVITATION_STATUSES,
  providerTypeName,
  type ClinicianInvitationRow,
  type InvitationStatus,
} from '@carelane/shared-domain';
import { publishErrorToast, publishToast, type UrlValue } from '@carelane/shared-session';
import {
  AreaLink,
  type DataTableColumn,
  failureText,
  ListFilters,
  ListTable,
  VISUALLY_HIDDEN,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Select, Tag } from 'antd';
import { useState } from 'react';
import { Moment } from '../common/Moment';
import { inviteCalls, inviteQueries, type InviteUrl } from './invite-queries';

type SetUrl = (update: Partial<Record<keyof InviteUrl, UrlValue>>) => void;

const STATUS_COLORS: Record<InvitationStatus, string> = {
  Pending: 'processing',
  Registered: 'green',
  Expired: 'default',
};
const statusOptions = [
  { value: 'All', label: 'All statuses' },
  ...INVITATION_STATUSES.map((status) => ({ value: status, label: status })),
];

function SendAgain({ row, onSent }: { row: ClinicianInvitationRow; onSent: () => void }) {
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      const answer = await inviteCalls.inviteClinician({
        firstName: row.firstName,
        lastName: row.lastName,
        emailId: row.emailId,
        ...(row.phoneNumber ? { phoneNumber: row.phoneNumber } : {}),
        providerTypeId: row.providerTypeId,
      });
      publishToast(answer.message);
      onSent();
    } catch (error) {
      publishErrorToast(failureText(error, 'the invitation', 'sent'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" loading={busy} onClick={() => void send()}>
      Send again<span style={VISUALLY_HIDDEN}> to {row.emailId}</span>
    </Button>
  );
}

function columns(onSent: () => void): DataTableColumn<ClinicianInvitationRow>[] {
  return [
    {
      title: 'Clinician',
      key: 'name',
      primary: true,
      render: (_v, row) => (
        <AreaLink to={`/providerOnboard?providerId=${row.providerId}`}>
          {row.firstName} {row.lastName}
        </AreaLink>
      ),
    },
    { title: 'Email', key: 'emailId', render: (_v, row) => row.emailId },
    { title: 'Provider type', key: 'type', render: (_v, row) => providerTypeName(row.providerTypeId) },
    {
      title: 'Status',
      key: 'status',
      render: (_v, row) => <Tag color={STATUS_COLORS[row.status]}>{row.status}</Tag>,
    },
    { title: 'Invited by', key: 'invitedByName', render: (_v, row) => row.invitedByName },
    { title: 'Invited', key: 'invitedAt', render: (_v, row) => <Moment at={row.invitedAt} /> },
    {
      title: 'Link expires',
      key: 'expiresAt',
      render: (_v, row) => (row.status === 'Registered' ? '—' : <Moment at={row.expiresAt} />),
    },
    {
      title: 'Actions',
      key: 'actions',
      actions: true,
      render: (_v, row) => (row.status === 'Registered' ? null : <SendAgain row={row} onSent={onSent} />),
    },
  ];
}

export function InvitationList({ url, setUrl }: { url: InviteUrl; setUrl: SetUrl }) {
  const list = useQuery(inviteQueries.list(url));
  return (
    <>
      <ListFilters label="Invitation filters">
        <Select
          aria-label="Status"
          value={url.status ?? 'All'}
          options={statusOptions}
          onChange={(status: string) =>
            setUrl({ status: status === 'All' ? null : status, pageNumber: null })
          }
          style={{ width: 160 }}
        />
      </ListFilters>
      <ListTable<ClinicianInvitationRow>
        query={list}
        thing="the invitations"
        label="Clinician invitations"
        columns={columns(() => void list.refetch())}
        emptyText={url.status ? 'No invitations match this status.' : 'No clinician has been invited yet.'}
        filters={url}
        setFilters={setUrl}
      />
    </>
  );
}
