// One clinician's credentials: whether they are fully credentialed today (and what they lack), each credential
// with its status and scan, and the form that submits a new one with its scan. The clinician sees their own
// (providerId null); staff see anyone's. The server checks the same dates, types and file rules again.
import {
  buildErrorText,
  FILE_ACCEPT,
  fileRefusal,
  formatDate,
  type CredentialType,
  type ProviderCredential,
  type ProviderCredentialInput,
  type ProviderCredentialList,
} from '@carelane/shared-domain';
import {
  errorMessage,
  publishErrorToast,
  publishToast,
  readFileBytes,
  saveFile,
} from '@carelane/shared-session';
import {
  DateInput,
  EmptyState,
  FormFailure,
  loadState,
  refresh,
  showSaveFailure,
  STATE_CODE_RULE,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Select, Table, Upload, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { credentialCalls, credentialQueries } from './credential-queries';
import { CredentialStatusTag } from './CredentialStatusTag';

export const CREDENTIAL_TOASTS = { submitted: 'Credential submitted for review.' } as const;
const THING = 'the credential';
const FIELD_LABELS = {
  credentialTypeId: 'Credential',
  number: 'Number',
  issuingState: 'Issuing state',
  issuedOn: 'Issued on',
  expiresOn: 'Expires on',
  fileId: 'Scan',
  file: 'Scan',
};

type FormValues = {
  credentialTypeId?: number;
  number?: string;
  issuingState?: string;
  issuedOn?: Date | null;
  expiresOn?: Date | null;
};

const isoOf = (date: Date | null | undefined) => (date ? dayjs(date).format('YYYY-MM-DD') : null);

/** Active credential types, the clinician's required ones first (and marked), then by name. */
const credentialTypeOptions = (types: readonly CredentialType[], requiredIds: ReadonlySet<number>) =>
  types
    .filter((t) => t.active)
    .sort(
      (a, b) => Number(requiredIds.has(b.id)) - Number(requiredIds.has(a.id)) || a.name.localeCompare(b.name),
    )
    .map((t) => ({ value: t.id, label: requiredIds.has(t.id) ? `${t.name} (required)` : t.name }));

const credentialInput = (values: FormValues, fileId: number | null): ProviderCredentialInput => ({
  credentialTypeId: values.credentialTypeId!,
  number: values.number?.trim() || null,
  issuingState: values.issuingState?.trim() || null,
  issuedOn: isoOf(values.issuedOn),
  expiresOn: isoOf(values.expiresOn),
  fileId,
});

async function download(row: ProviderCredential) {
  try {
    saveFile(await credentialCalls.downloadFile(row.providerId, row.fileId!), row.fileName ?? 'credential');
  } catch (error) {
    publishErrorToast(errorMessage(error, 'the file', 'downloaded'));
  }
}

const columns: TableColumnsType<ProviderCredential> = [
  { title: 'Credential', dataIndex: 'credentialType', key: 'type' },
  { title: 'Number', key: 'number', render: (_v, row) => row.number ?? '—' },
  { title: 'State', key: 'state', render: (_v, row) => row.issuingState ?? '—' },
  { title: 'Issued', key: 'issued', render: (_v, row) => formatDate(row.issuedOn) || '—' },
  { title: 'Expires', key: 'expires', render: (_v, row) => formatDate(row.expiresOn) || 'Does not expire' },
  {
    title: 'Status',
    key: 'status',
    render: (_v, row) => (
      <>
        <CredentialStatusTag status={row.status} />
        {row.rejectReason ? <div>{row.rejectReason}</div> : null}
      </>
    ),
  },
  {
    title: 'Scan',
    key: 'scan',
    render: (_v, row) =>
      row.fileId ? (
        <Button type="link" style={{ padding: 0 }} onClick={() => void download(row)}>
          {row.fileName}
        </Button>
      ) : (
        '—'
      ),
  },
];

/** The submit form's state: the picked scan, and submitting it (uploaded first) with the credential. */
function useCredentialForm() {
  const [form] = Form.useForm<FormValues>();
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const typeId = Form.useWatch('credentialTypeId', form);

  const submit = async (data: ProviderCredentialList, values: FormValues) => {
    setFailure(null);
    if (file) {
      const refusal = fileRefusal(file, data.fileSizeLimitMb);
      if (refusal) {
        const text = buildErrorText('the file', 'uploaded', refusal);
        setFailure(text);
        publishErrorToast(text);
        return;
      }
    }
    setSaving(true);
    try {
      const fileId = file
        ? (await credentialCalls.uploadFile(data.providerId, file.name, await readFileBytes(file))).id
        : null;
      await credentialCalls.submit(data.providerId, credentialInput(values, fileId));
      publishToast(CREDENTIAL_TOASTS.submitted);
      form.resetFields();
      setFile(null);
    } catch (error) {
      showSaveFailure(form, error, THING, setFailure, FIELD_LABELS);
    } finally {
      setSaving(false);
      refresh('providerCredential');
    }
  };

  return { form, file, setFile, failure, saving, typeId, submit };
}

function CredentialsOverview({ data }: { data: ProviderCredentialList }) {
  return (
    <Card title={`Credentials of ${data.providerName}`} style={{ maxWidth: 1100 }}>
      {data.gapsToday.length ? (
        <Alert
          type="warning"
          showIcon
          message="Not fully credentialed today"
          description={
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {data.gapsToday.map((gap) => (
                <li key={gap.credentialTypeId}>{gap.reason}</li>
              ))}
            </ul>
          }
          style={{ marginBottom: 16 }}
        />
      ) : (
        <Alert type="success" showIcon message="Fully credentialed today" style={{ marginBottom: 16 }} />
      )}
      {data.rows.length ? (
        // The region scrolls sideways on a narrow screen, so it takes the focus (keyboard users can scroll it).
        <div role="region" aria-label="Submitted credentials" tabIndex={0} style={{ overflowX: 'auto' }}>
          <Table rowKey="id" size="small" pagination={false} columns={columns} dataSource={data.rows} />
        </div>
      ) : (
        <EmptyState title="No credentials yet" description="Submitted credentials show here." />
      )}
    </Card>
  );
}

function CredentialDateFields({ chosenType }: { chosenType: CredentialType | undefined }) {
  return (
    <>
      <Form.Item label="Issued on" name="issuedOn" style={{ width: 170 }}>
        <DateInput aria-label="Issued on" />
      </Form.Item>
      <Form.Item
        label="Expires on"
        name="expiresOn"
        dependencies={['issuedOn']}
        rules={[
          { required: chosenType?.expires ?? false, message: 'Enter the expiry date.' },
          ({ getFieldValue }) => ({
            validator: (_rule, value: Date | null | undefined) => {
              const issued = getFieldValue('issuedOn') as Date | null | undefined;
              return value && issued && value < issued
                ? Promise.reject(new Error('The expiry date must be on or after the issue date.'))
                : Promise.resolve();
            },
          }),
        ]}
        style={{ width: 170 }}
        hidden={chosenType ? !chosenType.expires : false}
      >
        <DateInput aria-label="Expires on" />
      </Form.Item>
    </>
  );
}

function SubmitCredentialCard({
  data,
  types,
  credentialForm,
}: {
  data: ProviderCredentialList;
  types: readonly CredentialType[];
  credentialForm: ReturnType<typeof useCredentialForm>;
}) {
  const { form, file, setFile, failure, saving, typeId, submit } = credentialForm;
  const typeOptions = credentialTypeOptions(types, new Set(data.required.map((r) => r.id)));
  return (
    <Card title="Submit a credential" style={{ maxWidth: 1100, marginTop: 16 }}>
      <Form form={form} layout="vertical" onFinish={(values) => void submit(data, values)} requiredMark>
        <FormFailure text={failure} />
        <Form.Item
          label="Credential"
          name="credentialTypeId"
          rules={[{ required: true, message: 'Choose the credential.' }]}
        >
          <Select options={typeOptions} showSearch optionFilterProp="label" placeholder="Choose…" />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item label="Number" name="number" style={{ flex: 1, minWidth: 180 }}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item
            label="Issuing state"
            name="issuingState"
            rules={[STATE_CODE_RULE]}
            style={{ width: 130 }}
          >
            <Input maxLength={2} />
          </Form.Item>
          <CredentialDateFields chosenType={types.find((t) => t.id === typeId)} />
        </Flex>
        <Form.Item
          label="Scan"
          extra={`PDF, PNG or JPEG (and the other accepted types), up to ${data.fileSizeLimitMb} MB`}
        >
          <Upload
            accept={FILE_ACCEPT}
            maxCount={1}
            beforeUpload={(picked) => {
              setFile(picked);
              return false;
            }}
            onRemove={() => setFile(null)}
            fileList={file ? [{ uid: 'picked', name: file.name, status: 'done' }] : []}
          >
            <Button>Choose a file</Button>
          </Upload>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          Submit for review
        </Button>
      </Form>
    </Card>
  );
}

export function ClinicianCredentials({ providerId }: { providerId: number | null }) {
  const list = useQuery(credentialQueries.ofClinician(providerId));
  const types = useQuery(credentialQueries.types());
  const credentialForm = useCredentialForm();

  const loaded = loadState(list, 'the credentials', { keepStale: true });
  if (!loaded.data) return <Card title="Credentials">{loaded.fallback}</Card>;
  return (
    <>
      <CredentialsOverview data={loaded.data} />
      <SubmitCredentialCard
        data={loaded.data}
        types={types.data?.rows ?? []}
        credentialForm={credentialForm}
      />
    </>
  );
}
