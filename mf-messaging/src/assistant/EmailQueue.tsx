// The assistant's queue (decision 069): request emails received by the inbound email webhook or uploaded as .eml
// files that made no service request yet, newest first; one is opened into the reader.
import {
  assistantQueueSchema,
  EML_MAX_CHARS,
  EML_MESSAGES,
  formatDateTime,
  queuedEmailSchema,
  type AssistantQueueItem,
  type QueuedEmail,
} from '@carelane/shared-domain';
import { apiClient, isApiCallError } from '@carelane/shared-session';
import { DataTable, VISUALLY_HIDDEN, useBusy, type DataTableColumns } from '@carelane/shared-ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useRef, useState, type ChangeEvent } from 'react';
import { z } from 'zod';

const QUEUE_PAGE_SIZE = 10;

export type EmailQueueProps = { onOpen: (email: QueuedEmail) => void };

export function EmailQueue({ onOpen }: EmailQueueProps) {
  const [pageNumber, setPageNumber] = useState(1);
  const [failure, setFailure] = useState<string | null>(null);
  const { busy, run } = useBusy();
  const file = useRef<HTMLInputElement>(null);
  const queue = useQuery({
    queryKey: ['inbox', 'assistantQueue', pageNumber],
    queryFn: ({ signal }) =>
      apiClient.get('/api/admin/assistant/queue', assistantQueueSchema, {
        searchParams: { pageNumber, pageSize: QUEUE_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const open = (id: number) =>
    run(async () => {
      setFailure(null);
      try {
        onOpen(await apiClient.get(`/api/admin/assistant/queue/${id}`, queuedEmailSchema));
      } catch {
        setFailure('The email could not be opened. Try again.');
      }
    });
  const upload = (event: ChangeEvent<HTMLInputElement>) =>
    run(async () => {
      const picked = event.target.files?.[0];
      event.target.value = '';
      setFailure(null);
      if (!picked) return;
      if (picked.size > EML_MAX_CHARS) return setFailure(EML_MESSAGES.tooLarge);
      try {
        const eml = await picked.text();
        const { id } = await apiClient.post(
          '/api/admin/assistant/queue/eml',
          { eml },
          z.object({ id: z.number() }),
        );
        await queue.refetch();
        onOpen(await apiClient.get(`/api/admin/assistant/queue/${id}`, queuedEmailSchema));
      } catch (error) {
        setFailure(
          isApiCallError(error)
            ? (error.fieldErrors[0]?.message ?? error.text)
            : 'The file could not be read.',
        );
      }
    });
  const columns: DataTableColumns<AssistantQueueItem> = [
    {
      title: 'From',
      key: 'from',
      primary: true,
      render: (_value, row) => (
        <Flex vertical>
          <span>{row.fromAddress}</span>
          {row.organizationName ? (
            <Typography.Text type="secondary">{row.organizationName}</Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      title: 'Email',
      key: 'email',
      render: (_value, row) => (
        <Flex vertical>
          <strong>{row.subject || '(no subject)'}</strong>
          <Typography.Text type="secondary" ellipsis>
            {row.preview}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: 'Received', key: 'receivedAt', render: (_value, row) => formatDateTime(row.receivedAt) },
    {
      title: <span style={VISUALLY_HIDDEN}>Open</span>,
      key: 'open',
      actions: true,
      cardLabel: 'Open',
      render: (_value, row) => (
        <Button
          size="small"
          onClick={() => void open(row.id)}
          aria-label={`Read the email from ${row.fromAddress}`}
        >
          Read
        </Button>
      ),
    },
  ];
  return (
    <Card
      size="small"
      title={<h2 style={{ fontSize: 16, margin: 0 }}>Request emails</h2>}
      extra={
        <>
          <input
            ref={file}
            type="file"
            accept=".eml,message/rfc822"
            aria-label="Upload an .eml file"
            style={VISUALLY_HIDDEN}
            onChange={(event) => void upload(event)}
          />
          <Button onClick={() => file.current?.click()} loading={busy}>
            Upload an .eml file
          </Button>
        </>
      }
      style={{ marginBottom: 16 }}
    >
      {failure ? (
        <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 8 }} />
      ) : null}
      <DataTable<AssistantQueueItem>
        ariaLabel="Request emails"
        rows={queue.data?.rows ?? []}
        totalCount={queue.data?.paging.totalCount ?? 0}
        pageNumber={pageNumber}
        pageSize={QUEUE_PAGE_SIZE}
        loading={queue.isFetching}
        columns={columns}
        rowKey="id"
        onPageChange={(page) => setPageNumber(page)}
        emptyText="No request email is waiting. Emails to the intake address and uploaded .eml files appear here."
      />
    </Card>
  );
}
