// A clinician's agreements: the versions in force for their type (to sign, or signed on a date) and every
// agreement they signed, with version, signed on and the stored PDF to open or download. The clinician sees
// their own and signs from here; staff see anyone's.
import { formatDate, type ClinicianAgreements, type ProviderAgreement } from '@carelane/shared-domain';
import { errorMessage, publishErrorToast, saveFile } from '@carelane/shared-session';
import { EmptyState } from '@carelane/shared-ui';
import { Button, Card, Flex, List, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { agreementCalls } from './agreement-queries';

const signedDate = (iso: string) => formatDate(iso) || iso;

async function fetchPdf(row: ProviderAgreement) {
  try {
    return await agreementCalls.download(row.providerId, row.fileId);
  } catch (error) {
    publishErrorToast(errorMessage(error, 'the signed agreement', 'downloaded'));
    return null;
  }
}

export async function downloadAgreement(row: ProviderAgreement) {
  const file = await fetchPdf(row);
  if (file) saveFile(file, row.fileName);
}

/** Opens the stored PDF in the browser's own viewer, in a new tab. */
export async function openAgreement(row: ProviderAgreement) {
  const file = await fetchPdf(row);
  if (!file) return;
  const url = URL.createObjectURL(new Blob([file.blob], { type: 'application/pdf' }));
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function AgreementList({
  data,
  onSign,
}: {
  data: ClinicianAgreements;
  /** The clinician's own list: each unsigned agreement offers "Read and sign". */
  onSign?: (templateId: number) => void;
}) {
  const columns: TableColumnsType<ProviderAgreement> = [
    { title: 'Agreement', dataIndex: 'templateName', key: 'name' },
    {
      title: 'Version',
      key: 'version',
      render: (_v, row) => (
        <>
          {row.templateVersion} {row.superseded ? <Tag>Older version</Tag> : null}
        </>
      ),
    },
    { title: 'Signed on', key: 'signedOn', render: (_v, row) => signedDate(row.signedOn) },
    { title: 'Signed by', dataIndex: 'signedByName', key: 'by' },
    {
      title: 'SHA-256',
      key: 'sha',
      render: (_v, row) => (
        <Typography.Text code copyable={{ text: row.sha256 }} title={row.sha256}>
          {row.sha256.slice(0, 12)}…
        </Typography.Text>
      ),
    },
    {
      title: 'Signed PDF',
      key: 'pdf',
      render: (_v, row) => (
        <Flex gap={4} wrap>
          <Button
            size="small"
            onClick={() => void openAgreement(row)}
            aria-label={`Open ${row.templateName} version ${row.templateVersion}`}
          >
            Open
          </Button>
          <Button
            size="small"
            onClick={() => void downloadAgreement(row)}
            aria-label={`Download ${row.templateName} version ${row.templateVersion}`}
          >
            Download
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <>
      <Card
        title={onSign ? 'Agreements to sign' : `Agreements in force for ${data.providerName}`}
        style={{ maxWidth: 1100 }}
      >
        {data.toSign.length ? (
          <List
            dataSource={data.toSign}
            renderItem={(t) => (
              <List.Item
                actions={
                  t.signed
                    ? []
                    : onSign
                      ? [
                          <Button
                            key="sign"
                            type="primary"
                            onClick={() => onSign(t.id)}
                            aria-label={`Read and sign the ${t.name}`}
                          >
                            Read and sign
                          </Button>,
                        ]
                      : []
                }
              >
                <List.Item.Meta
                  title={`${t.name} (version ${t.version})`}
                  description={
                    t.signed ? (
                      <Tag color="green">Signed on {signedDate(t.signed.signedOn)}</Tag>
                    ) : (
                      <Tag color="orange">{t.requiredForOnboarding ? 'To sign (required)' : 'To sign'}</Tag>
                    )
                  }
                />
              </List.Item>
            )}
          />
        ) : (
          <EmptyState
            title="No agreements to sign"
            description="Agreements for this provider type show here."
          />
        )}
      </Card>
      <Card title={`Signed agreements of ${data.providerName}`} style={{ maxWidth: 1100, marginTop: 16 }}>
        {data.agreements.length ? (
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            columns={columns}
            dataSource={data.agreements}
            scroll={{ x: true }}
          />
        ) : (
          <EmptyState
            title="No signed agreements yet"
            description="Signed agreements and their PDFs show here."
          />
        )}
      </Card>
    </>
  );
}
