// One credential under review: its scan on the left (PDF or image, fetched with the session), the details and
// the review actions on the right. Approve and reject carry the version read, so of two reviewers at once one
// wins and the other sees the server's 409 text.
import {
  approvalRefusal,
  CATEGORY_CHANGED_MESSAGE,
  formatDate,
  type ProviderCredential,
} from '@carelane/shared-domain';
import { errorMessage, publishErrorToast, publishToast } from '@carelane/shared-session';
import { refresh } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Empty, Flex, Input, Select, Spin, Typography } from 'antd';
import { useEffect, useId, useState } from 'react';
import { credentialCalls, credentialQueries } from './credential-queries';
import { CredentialStatusTag } from './CredentialStatusTag';

export const REVIEW_TOASTS = {
  startReview: 'Review started.',
  approve: 'Credential approved.',
  reject: 'Credential rejected.',
} as const;

/** The scan as an object URL while the panel is open. */
function useScan(credential: ProviderCredential) {
  const [scan, setScan] = useState<{ url: string; type: string } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (!credential.fileId) return;
    let url: string | null = null;
    let live = true;
    credentialCalls
      .downloadFile(credential.providerId, credential.fileId)
      .then((file) => {
        url = URL.createObjectURL(file.blob);
        if (live) setScan({ url, type: file.contentType });
      })
      .catch((error: unknown) => live && setFailed(errorMessage(error, 'the scan', 'loaded')));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [credential.providerId, credential.fileId]);
  return { scan, failed };
}

function Scan({ credential }: { credential: ProviderCredential }) {
  const { scan, failed } = useScan(credential);
  if (!credential.fileId) return <Empty description="No scan was attached." />;
  if (failed) return <Typography.Text type="danger">{failed}</Typography.Text>;
  if (!scan) return <Spin aria-label="Loading the scan" />;
  const title = `Scan of ${credential.credentialType}: ${credential.fileName ?? ''}`;
  return scan.type.startsWith('image/') ? (
    <img src={scan.url} alt={title} style={{ maxWidth: '100%' }} />
  ) : (
    <iframe src={scan.url} title={title} style={{ width: '100%', height: '70vh', border: 0 }} />
  );
}

export function CredentialReviewPanel({
  credential,
  onClose,
}: {
  credential: ProviderCredential;
  onClose: () => void;
}) {
  const types = useQuery(credentialQueries.types());
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const waiting = credential.status === 'Submitted' || credential.status === 'InReview';
  const type = types.data?.rows.find((t) => t.id === credential.credentialTypeId);
  // Until the catalogue is read, Approve stays on: the server refuses it as well.
  const approveRefusal = types.data ? approvalRefusal(credential, type) : null;
  const refusalId = useId();

  const act = async (action: 'startReview' | 'approve' | 'reject') => {
    setBusy(true);
    try {
      await credentialCalls.review(credential, {
        action,
        version: credential.version,
        ...(action === 'reject' ? { rejectReason: reason.trim() } : {}),
      });
      publishToast(REVIEW_TOASTS[action]);
      if (action !== 'startReview') onClose();
    } catch (error) {
      publishErrorToast(errorMessage(error, 'the credential', 'saved'));
    } finally {
      setBusy(false);
      refresh('providerCredential');
    }
  };

  const changeCategory = async (credentialTypeId: number) => {
    setBusy(true);
    try {
      const answer = await credentialCalls.changeCategory(credential, credentialTypeId);
      publishToast(answer.message || CATEGORY_CHANGED_MESSAGE);
    } catch (error) {
      publishErrorToast(errorMessage(error, 'the category', 'changed'));
    } finally {
      setBusy(false);
      refresh('providerCredential');
    }
  };

  return (
    <Drawer
      open
      width="min(1200px, 100vw)"
      title={`${credential.credentialType} of ${credential.providerName}`}
      onClose={onClose}
    >
      <Flex gap={24} wrap>
        <div style={{ flex: '2 1 420px', minWidth: 0 }}>
          <Scan credential={credential} />
        </div>
        <div style={{ flex: '1 1 300px' }}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="Status">
              <CredentialStatusTag status={credential.status} />
            </Descriptions.Item>
            <Descriptions.Item label="Number">{credential.number ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Issuing state">{credential.issuingState ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Issued on">{formatDate(credential.issuedOn) || '—'}</Descriptions.Item>
            <Descriptions.Item label="Expires on">
              {formatDate(credential.expiresOn) || 'Does not expire'}
            </Descriptions.Item>
            <Descriptions.Item label="Submitted">{formatDate(credential.createdAt)}</Descriptions.Item>
            {credential.reviewedByName ? (
              <Descriptions.Item label="Reviewed by">{credential.reviewedByName}</Descriptions.Item>
            ) : null}
          </Descriptions>
          <div style={{ marginTop: 16 }}>
            <label htmlFor="credential-category">Category</label>
            <Select
              id="credential-category"
              style={{ width: '100%' }}
              value={credential.credentialTypeId}
              disabled={busy}
              onChange={(value) => void changeCategory(value)}
              options={(types.data?.rows ?? [])
                .filter((t) => t.active)
                .map((t) => ({ value: t.id, label: t.name }))}
            />
          </div>
          {waiting ? (
            <Flex vertical gap={8} style={{ marginTop: 16 }}>
              {credential.status === 'Submitted' ? (
                <Button onClick={() => void act('startReview')} disabled={busy}>
                  Start review
                </Button>
              ) : null}
              {approveRefusal ? (
                <Alert id={refusalId} type="warning" showIcon message={approveRefusal} />
              ) : null}
              <Button
                type="primary"
                onClick={() => void act('approve')}
                disabled={busy || !!approveRefusal}
                aria-describedby={approveRefusal ? refusalId : undefined}
              >
                Approve
              </Button>
              <label htmlFor="reject-reason">Reason to reject</label>
              <Input.TextArea
                id="reject-reason"
                rows={2}
                maxLength={500}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
              <Button danger onClick={() => void act('reject')} disabled={busy || !reason.trim()}>
                Reject
              </Button>
            </Flex>
          ) : null}
        </div>
      </Flex>
    </Drawer>
  );
}
