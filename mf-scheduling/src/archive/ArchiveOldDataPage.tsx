import {
  DATE_FORMAT,
  archivePreviewSchema,
  archiveRunListSchema,
  archiveRunPercent,
  archiveRunSchema,
  formatDate,
  type ArchivePreview,
  type ArchiveRun,
} from '@carelane/shared-domain';
import {
  apiClient,
  errorMessage,
  isApiCallError,
  publishErrorToast,
  useUrlState,
} from '@carelane/shared-session';
import { ErrorState, PageFrame, refresh } from '@carelane/shared-ui';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Flex,
  Form,
  Progress,
  Select,
  Table,
  Typography,
  type FormInstance,
  type TableColumnsType,
  App,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { reasonListQuery } from '../common/reason-lists';

const REASONS_CONSTANT = 'episodeArchiveReasons' as const;
/** How often the page asks for a running archive's progress. */
export const ARCHIVE_POLL_MS = 1000;

const runSchema = z.object({ run: z.coerce.number().int().positive().optional() });

const archiveQueries = {
  run: (id: number) =>
    queryOptions({
      queryKey: ['archiveRun', 'one', id],
      queryFn: ({ signal }) => apiClient.get(`/api/admin/archive/runs/${id}`, archiveRunSchema, { signal }),
      refetchInterval: (query) => (query.state.data?.status === 'Running' ? ARCHIVE_POLL_MS : false),
    }),
  runs: () =>
    queryOptions({
      queryKey: ['archiveRun', 'list'],
      queryFn: ({ signal }) => apiClient.get('/api/admin/archive/runs', archiveRunListSchema, { signal }),
    }),
};

type ArchiveForm = { olderThan?: Dayjs; episodeReason?: string; patientReason?: string };

function countText(preview: ArchivePreview) {
  return `${preview.episodes} service requests and ${preview.patients} patients`;
}

function RunProgress({ runId }: { runId: number }) {
  const run = useQuery(archiveQueries.run(runId));
  const status = run.data?.status;
  useEffect(() => {
    if (status === 'Done') refresh('episode', 'patient', 'archiveRun');
  }, [status]);
  if (run.isError) {
    return (
      <ErrorState
        message={errorMessage(run.error, 'the archive progress', 'loaded')}
        onRetry={() => void run.refetch()}
      />
    );
  }
  if (!run.data) return null;
  const r = run.data;
  return (
    <Card title="Archive progress">
      <Progress
        percent={archiveRunPercent(r)}
        status={r.status === 'Failed' ? 'exception' : r.status === 'Done' ? 'success' : 'active'}
        aria-label="Archive progress"
      />
      <Typography.Paragraph aria-live="polite" style={{ marginTop: 8 }}>
        {r.status === 'Running'
          ? `Archived ${r.done} of ${r.total} records…`
          : r.status === 'Done'
            ? `Done: ${r.done} records archived.`
            : `The archive stopped after ${r.done} of ${r.total} records: ${r.error ?? 'unknown error'}. What was archived stays archived; run it again to finish.`}
      </Typography.Paragraph>
    </Card>
  );
}

const runColumns: TableColumnsType<ArchiveRun> = [
  { title: 'Started', dataIndex: 'createdAt', key: 'createdAt', render: (at: string) => formatDate(at) },
  {
    title: 'No visit since',
    dataIndex: 'olderThan',
    key: 'olderThan',
    render: (day: string) => formatDate(day),
  },
  { title: 'Records', key: 'records', render: (_v, run) => `${run.done} / ${run.total}` },
  { title: 'Status', dataIndex: 'status', key: 'status' },
];

/** Counts what the form's day would archive, then, once confirmed, starts the archive run. */
function useArchive(form: FormInstance<ArchiveForm>, onStarted: (runId: number) => void) {
  const { modal } = App.useApp();
  const [preview, setPreview] = useState<ArchivePreview | null>(null);
  const [busy, setBusy] = useState<'count' | 'start' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const count = async () => {
    const values = await form.validateFields();
    setBusy('count');
    setFailure(null);
    try {
      const olderThan = values.olderThan!.format('YYYY-MM-DD');
      setPreview(
        await apiClient.get('/api/admin/archive/preview', archivePreviewSchema, {
          searchParams: { olderThan },
        }),
      );
    } catch (error) {
      setFailure(errorMessage(error, 'the archive count', 'loaded'));
    } finally {
      setBusy(null);
    }
  };

  const start = async (counted: ArchivePreview) => {
    const values = form.getFieldsValue();
    setBusy('start');
    setFailure(null);
    try {
      const started = await apiClient.post(
        '/api/admin/archive/runs',
        {
          olderThan: counted.olderThan,
          episodeReason: values.episodeReason,
          patientReason: values.patientReason,
          expectedEpisodes: counted.episodes,
          expectedPatients: counted.patients,
        },
        archiveRunSchema,
      );
      setPreview(null);
      refresh('archiveRun');
      onStarted(started.id);
    } catch (error) {
      const text = errorMessage(error, 'the old data', 'archived');
      setFailure(text);
      publishErrorToast(text);
      // The count changed under us: show the new one before anyone confirms again.
      if (isApiCallError(error) && error.code === 'ARCHIVE_COUNT_CHANGED') void count();
    } finally {
      setBusy(null);
    }
  };

  const confirm = (counted: ArchivePreview) =>
    modal.confirm({
      title: `Archive ${countText(counted)}?`,
      content: 'They leave every list and report. This cannot be undone from this page.',
      okText: 'Archive',
      okButtonProps: { danger: true },
      onOk: () => start(counted),
    });

  return { preview, clearPreview: () => setPreview(null), busy, failure, count, confirm };
}

/** `/archiveOldData` (administrators): counts what a day would archive, confirms, then archives in the background. */
export default function ArchiveOldDataPage() {
  const [form] = Form.useForm<ArchiveForm>();
  const [{ run }, setRun] = useUrlState(runSchema);
  const reasons = useQuery(reasonListQuery(REASONS_CONSTANT));
  const runs = useQuery(archiveQueries.runs());
  const { preview, clearPreview, busy, failure, count, confirm } = useArchive(form, (id) =>
    setRun({ run: id }),
  );
  const reasonOptions = (reasons.data ?? []).map((label) => ({ value: label, label }));

  return (
    <PageFrame title="Archive old data">
      <Flex vertical gap={16} style={{ maxWidth: 760 }}>
        <Card>
          <Typography.Paragraph>
            Archives service requests that are not active and have no visit on or after the day you pick, then
            the patients left with no active service request.
          </Typography.Paragraph>
          {reasons.isError ? (
            <ErrorState
              message={errorMessage(reasons.error, 'the archive reasons', 'loaded')}
              onRetry={() => void reasons.refetch()}
            />
          ) : null}
          <Form<ArchiveForm> form={form} layout="vertical" onValuesChange={clearPreview}>
            <Form.Item
              label="No visit on or after"
              name="olderThan"
              rules={[{ required: true, message: 'Pick a day.' }]}
            >
              <DatePicker format={DATE_FORMAT} disabledDate={(day) => day.isAfter(dayjs(), 'day')} />
            </Form.Item>
            <Flex gap={16} wrap>
              <Form.Item
                label="Reason for service requests"
                name="episodeReason"
                rules={[{ required: true, message: 'Choose a reason.' }]}
                style={{ flex: 1, minWidth: 220 }}
              >
                <Select options={reasonOptions} loading={reasons.isPending} />
              </Form.Item>
              <Form.Item
                label="Reason for patients"
                name="patientReason"
                rules={[{ required: true, message: 'Choose a reason.' }]}
                style={{ flex: 1, minWidth: 220 }}
              >
                <Select options={reasonOptions} loading={reasons.isPending} />
              </Form.Item>
            </Flex>
            <Flex gap={8} align="center" wrap>
              <Button onClick={() => void count()} loading={busy === 'count'}>
                Count what would be archived
              </Button>
              {preview ? (
                <Button
                  type="primary"
                  danger
                  disabled={preview.episodes + preview.patients === 0}
                  loading={busy === 'start'}
                  onClick={() => confirm(preview)}
                >
                  Archive…
                </Button>
              ) : null}
            </Flex>
          </Form>
          {preview ? (
            <Alert
              style={{ marginTop: 12 }}
              type={preview.episodes + preview.patients ? 'info' : 'success'}
              role="status"
              title={
                preview.episodes + preview.patients
                  ? `${countText(preview)} would be archived.`
                  : 'Nothing to archive for this day.'
              }
            />
          ) : null}
          {failure ? <Alert style={{ marginTop: 12 }} type="error" role="alert" title={failure} /> : null}
        </Card>
        {run ? <RunProgress key={run} runId={run} /> : null}
        <Card title="Recent archive runs">
          <Table<ArchiveRun>
            aria-label="Recent archive runs"
            size="small"
            rowKey="id"
            loading={runs.isPending}
            dataSource={runs.data?.rows ?? []}
            columns={runColumns}
            pagination={false}
          />
        </Card>
      </Flex>
    </PageFrame>
  );
}
