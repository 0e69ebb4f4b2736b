// Reason lists of the server constants (SPEC §9: episodeArchiveReasons, expireVisitReasonTypes, …): the shipped
// labels until the server's list arrives; the server checks every reason against its own list.
import { CONSTANT_DEFAULTS, constantSchema, parseConstantReasons } from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { useBusy } from '@carelane/shared-ui';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Button, ConfigProvider, Modal, Select } from 'antd';
import { useState, type ReactNode } from 'react';

export type ReasonListName = 'episodeArchiveReasons' | 'expireVisitReasonTypes';

export function defaultReasonLabels(name: ReasonListName): string[] {
  return parseConstantReasons(CONSTANT_DEFAULTS.find((constant) => constant.name === name)?.value).map(
    (reason) => reason.label,
  );
}

export const reasonListQuery = (name: ReasonListName) =>
  queryOptions({
    queryKey: ['constant', 'list'],
    queryFn: ({ signal }) => apiClient.get('/api/admin/constants', constantSchema.array(), { signal }),
    select: (list) =>
      parseConstantReasons(list.find((constant) => constant.name === name)?.value).map(
        (reason) => reason.label,
      ),
    staleTime: 5 * 60_000,
  });

/** The server's labels, or the shipped ones while they load or when the server has none. */
export function useReasonLabels(name: ReasonListName, enabled = true): string[] {
  const reasons = useQuery({ ...reasonListQuery(name), enabled });
  return reasons.data?.length ? reasons.data : defaultReasonLabels(name);
}

/** A danger button opening a dialog that asks for an archive reason before `onArchive` runs. */
export function ArchiveWithReasonButton({
  title,
  children,
  onArchive,
}: {
  title: string;
  children: ReactNode;
  /** Resolves true when archived (the dialog closes), false to keep it open. */
  onArchive: (reason: string) => Promise<boolean>;
}) {
  const reasons = useReasonLabels('episodeArchiveReasons');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<string | undefined>();
  const { busy, run } = useBusy();
  const archive = async () => {
    if (!reason) return;
    if (await run(() => onArchive(reason))) setOpen(false);
  };
  // Offered on read-only forms too (a Completed service request can still be archived).
  return (
    <ConfigProvider componentDisabled={false}>
      <Button danger onClick={() => setOpen(true)}>
        Archive
      </Button>
      <Modal
        open={open}
        title={title}
        okText="Archive"
        okButtonProps={{ danger: true, disabled: !reason, loading: busy }}
        onOk={() => void archive()}
        onCancel={() => setOpen(false)}
      >
        {children}
        <Select
          aria-label="Archive reason"
          placeholder="Reason"
          value={reason}
          onChange={setReason}
          options={reasons.map((label) => ({ value: label, label }))}
          style={{ width: '100%' }}
        />
      </Modal>
    </ConfigProvider>
  );
}
