// The clinician's notes on `/provider` (SPEC §3 comments, paged 10): newest first with author and time, the
// pagination summary line, and a form to add one ('Note added successfully!'; a failure shows 'Sorry, note
// could not be added. ' + the server's text, the field named).
import {
  PROVIDER_NOTE_ADDED,
  PROVIDER_NOTE_MAX_LENGTH,
  PROVIDER_NOTE_THING,
  PROVIDER_NOTES_PAGE_SIZE,
  type ProviderNote,
} from '@carelane/shared-domain';
import { publishErrorToast, publishToast } from '@carelane/shared-session';
import {
  DataTable,
  failureText,
  FormFailure,
  loadState,
  refresh,
  showFieldErrors,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { HeadedCard } from './HeadedCard';
import { providerDetailCalls, providerDetailQueries } from './provider-detail-queries';

const LABELS = { text: 'Note' };

export function NotesCard({ providerId }: { providerId: number }) {
  const [pageNumber, setPageNumber] = useState(1);
  const notes = useQuery(providerDetailQueries.notes(providerId, pageNumber));
  const loaded = loadState(notes, 'the notes', { keepStale: true });
  const [form] = Form.useForm<{ text: string }>();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const add = async ({ text }: { text: string }) => {
    setFailure(null);
    setSaving(true);
    try {
      await providerDetailCalls.addNote(providerId, { text });
      publishToast(PROVIDER_NOTE_ADDED);
      form.resetFields();
      setPageNumber(1);
      refresh('provider');
    } catch (error) {
      showFieldErrors(form, error);
      const message = failureText(error, PROVIDER_NOTE_THING, 'added', LABELS);
      setFailure(message);
      publishErrorToast(message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <HeadedCard title="Notes">
      {loaded.data ? (
        <DataTable<ProviderNote>
          ariaLabel="Notes"
          rows={loaded.data.rows}
          totalCount={loaded.data.paging.totalCount}
          pageNumber={pageNumber}
          pageSize={PROVIDER_NOTES_PAGE_SIZE}
          pageSizeOptions={[PROVIDER_NOTES_PAGE_SIZE]}
          loading={notes.isFetching}
          rowKey="id"
          emptyText="No notes yet."
          onPageChange={(page) => setPageNumber(page)}
          columns={[
            {
              title: 'When',
              key: 'when',
              width: 170,
              render: (_v, row) => (
                <time dateTime={row.createdAt}>{dayjs(row.createdAt).format('M/D/YYYY h:mm A')}</time>
              ),
            },
            { title: 'Author', key: 'author', width: 180, dataIndex: 'authorName' },
            {
              title: 'Note',
              key: 'text',
              render: (_v, row) => <span style={{ whiteSpace: 'pre-wrap' }}>{row.text}</span>,
            },
          ]}
        />
      ) : (
        loaded.fallback
      )}
      <Typography.Title level={3} style={{ fontSize: 14, marginTop: 16 }}>
        Add a note
      </Typography.Title>
      <Form form={form} layout="vertical" onFinish={(values) => void add(values)}>
        <FormFailure text={failure} />
        <Form.Item
          name="text"
          label="Note"
          rules={[
            { required: true, whitespace: true, message: 'Enter the note.' },
            {
              max: PROVIDER_NOTE_MAX_LENGTH,
              message: `Keep the note to ${PROVIDER_NOTE_MAX_LENGTH} characters.`,
            },
          ]}
        >
          <Input.TextArea rows={3} maxLength={PROVIDER_NOTE_MAX_LENGTH} showCount />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          Add note
        </Button>
      </Form>
    </HeadedCard>
  );
}
