// "Report non-coverage": the service request (searched by patient name, title or id), optionally one of its
// visits, the reason, and a note (required for Other). 'Non Coverage Reported successfully.' on success; the
// server's field errors show under their fields (useFormCall).
import {
  formatDate,
  formatVisitTime,
  NON_COVERAGE_EPISODE_STATUSES,
  NON_COVERAGE_MESSAGES,
  NON_COVERAGE_NOTE_MAX,
  NON_COVERAGE_REASONS,
  viewerTimeZone,
  type NonCoverageReason,
} from '@carelane/shared-domain';
import { publishToast } from '@carelane/shared-session';
import { FormFailure, useFormCall } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { nonCoverageCalls, nonCoverageQueries, refreshNonCoverages } from './non-coverage-queries';

type Values = { episodeId?: number; visitId?: number; reason?: NonCoverageReason; note?: string };

const FAILURE = {
  thing: 'the non-coverage',
  action: 'reported',
  places: { episodeId: 'episodeId', visitId: 'visitId', reason: 'reason', note: 'note' },
  labels: { episodeId: 'Service request', visitId: 'Visit', reason: 'Reason', note: 'Note' },
};

const isOpen = (status: string) => (NON_COVERAGE_EPISODE_STATUSES as readonly string[]).includes(status);

/** Waits until typing pauses before searching. */
function useSettled(value: string, ms = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function EpisodeSearch({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
}) {
  const [search, setSearch] = useState('');
  const settled = useSettled(search);
  const query = useQuery(nonCoverageQueries.episodes(settled));
  const options = (query.data?.rows ?? [])
    .filter((row) => isOpen(row.status))
    .map((row) => ({
      value: row.id,
      label: `${row.patientName ?? 'No patient'} — #${row.id} ${row.title} (${row.referralSourceName}, ${row.status})`,
    }));
  return (
    <Select<number>
      id={id}
      aria-label="Service request"
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      placeholder="Type a patient name, title or request id"
      value={value}
      onChange={(next) => onChange?.(next)}
      loading={query.isFetching}
      options={options}
      notFoundContent={
        settled.trim() === ''
          ? 'Type to search the service requests'
          : query.isFetching
            ? 'Searching…'
            : 'No open service request matches'
      }
      allowClear
    />
  );
}

export function ReportNonCoverageModal({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const episodeId = Form.useWatch('episodeId', form);
  const reason = Form.useWatch('reason', form);
  const visits = useQuery(nonCoverageQueries.visits(episodeId));
  const { busy, failure, call } = useFormCall(form);
  const viewer = viewerTimeZone();

  const visitOptions = (visits.data?.rows ?? [])
    .filter((visit) => visit.status !== 'Deleted')
    .map((visit) => ({
      value: visit.id,
      label: `${formatDate(visit.dateOfService)} ${formatVisitTime(visit.startAt, viewer, viewer)} (${visit.status})`,
    }));

  const submit = async (values: Values) => {
    await call(FAILURE, async () => {
      const note = values.note?.trim();
      const result = await nonCoverageCalls.report({
        episodeId: values.episodeId!,
        ...(values.visitId ? { visitId: values.visitId } : {}),
        reason: values.reason!,
        ...(note ? { note } : {}),
      });
      publishToast(result.message);
      refreshNonCoverages();
      onClose();
    });
  };

  return (
    <Modal
      open
      title="Report non-coverage"
      okText="Report"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={600}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        aria-label="Report non-coverage"
        onValuesChange={(changed: Partial<Values>) => {
          if ('episodeId' in changed) form.setFieldValue('visitId', undefined);
        }}
        onFinish={(values) => void submit(values)}
      >
        <FormFailure text={failure} />
        <Form.Item
          label="Service request"
          name="episodeId"
          required
          rules={[{ required: true, message: 'Choose the service request.' }]}
          extra="Draft, Active and on-hold requests; search by patient name, title or request id."
        >
          <EpisodeSearch />
        </Form.Item>
        <Form.Item label="Visit" name="visitId" extra="Leave empty when the whole request cannot be covered.">
          <Select<number>
            aria-label="Visit"
            placeholder={episodeId ? 'The whole service request' : 'Choose the service request first'}
            disabled={!episodeId}
            allowClear
            loading={visits.isFetching}
            options={visitOptions}
          />
        </Form.Item>
        <Form.Item
          label="Reason"
          name="reason"
          required
          rules={[{ required: true, message: 'Choose the reason.' }]}
        >
          <Select<NonCoverageReason>
            aria-label="Reason"
            options={NON_COVERAGE_REASONS.map((value) => ({ value, label: value }))}
          />
        </Form.Item>
        <Form.Item
          label="Note"
          name="note"
          required={reason === 'Other'}
          dependencies={['reason']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value?: string) => {
                if (getFieldValue('reason') === 'Other' && !value?.trim())
                  throw new Error(`Note ${NON_COVERAGE_MESSAGES.noteRequired}.`);
              },
            }),
          ]}
        >
          <Input.TextArea maxLength={NON_COVERAGE_NOTE_MAX} rows={3} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
