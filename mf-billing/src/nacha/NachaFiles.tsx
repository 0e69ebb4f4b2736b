// The NACHA files released, newest first: each can be viewed (its text in a monospace dialog, checked again here
// with shared-domain's validateNachaFile: the server refused to release an invalid one) and downloaded.
import { formatCents, formatDateTime, validateNachaFile, type NachaFile } from '@carelane/shared-domain';
import { errorMessage, publishErrorToast, saveFile } from '@carelane/shared-session';
import { DataTable, ErrorState, VISUALLY_HIDDEN } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Spin, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { showDay } from '../common/billing-dates';
import { nachaCalls, nachaQueries } from './nacha-queries';

const count = new Intl.NumberFormat('en-US');

/** What the browser's own check of the file found. */
export function validationText(text: string): { ok: boolean; lines: string[] } {
  const result = validateNachaFile(text);
  if (result.ok)
    return {
      ok: true,
      lines: [
        `Valid NACHA file: ${count.format(result.summary.entryCount)} ${result.summary.entryCount === 1 ? 'entry' : 'entries'}, total ${formatCents(result.summary.totalCreditCents)}`,
      ],
    };
  return {
    ok: false,
    lines: result.problems.map(
      (problem) =>
        `${problem.line === null ? '' : `Line ${problem.line}: `}${problem.field} ${problem.message}`,
    ),
  };
}

function FileText({ file }: { file: NachaFile }) {
  const text = useQuery({
    queryKey: ['nachaFile', 'text', file.id],
    queryFn: () => nachaCalls.text(file.id),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (text.isError)
    return (
      <ErrorState
        message={errorMessage(text.error, file.fileName, 'loaded')}
        onRetry={() => void text.refetch()}
      />
    );
  if (text.data === undefined) return <Spin aria-label={`Loading ${file.fileName}`} />;
  const check = validationText(text.data);
  return (
    <Flex vertical gap={12}>
      <Alert
        type={check.ok ? 'success' : 'error'}
        showIcon
        title={check.ok ? check.lines[0] : 'This file fails the NACHA checks:'}
        description={
          check.ok ? undefined : (
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {check.lines.map((line, index) => (
                <li key={index}>{line}</li>
              ))}
            </ul>
          )
        }
      />
      <pre
        tabIndex={0}
        aria-label={`The text of ${file.fileName}`}
        style={{
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: 12,
          margin: 0,
          maxHeight: '60vh',
          overflow: 'auto',
          background: '#f6f6f6',
          padding: 12,
          whiteSpace: 'pre',
        }}
      >
        {text.data}
      </pre>
    </Flex>
  );
}

async function download(file: NachaFile) {
  try {
    saveFile(await nachaCalls.download(file.id), file.fileName);
  } catch (error) {
    publishErrorToast(errorMessage(error, file.fileName, 'downloaded'));
  }
}

export function NachaFiles() {
  const files = useQuery(nachaQueries.files());
  const [viewing, setViewing] = useState<NachaFile | null>(null);
  // The server answers every file at once; the table pages them here.
  const [paging, setPaging] = useState({ pageNumber: 1, pageSize: 10 });
  const rows = files.data?.rows ?? [];
  const start = (paging.pageNumber - 1) * paging.pageSize;

  const columns: TableColumnsType<NachaFile> = [
    { title: 'File', key: 'fileName', render: (_v, row) => row.fileName },
    { title: 'Effective date', key: 'effectiveDate', render: (_v, row) => showDay(row.effectiveDate) },
    {
      title: 'Payments',
      key: 'entryCount',
      align: 'right',
      render: (_v, row) => count.format(row.entryCount),
    },
    { title: 'Total', key: 'total', align: 'right', render: (_v, row) => formatCents(row.totalCreditCents) },
    {
      title: 'Released',
      key: 'createdAt',
      render: (_v, row) => `${formatDateTime(row.createdAt)} by ${row.createdBy}`,
    },
    {
      title: 'File actions',
      key: 'actions',
      render: (_v, row) => (
        <Flex gap={4} wrap>
          <Button size="small" onClick={() => setViewing(row)}>
            View<span style={VISUALLY_HIDDEN}>{` ${row.fileName}`}</span>
          </Button>
          <Button size="small" onClick={() => void download(row)}>
            Download<span style={VISUALLY_HIDDEN}>{` ${row.fileName}`}</span>
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <section aria-labelledby="nacha-files-heading" style={{ marginTop: 32 }}>
      <Typography.Title level={2} id="nacha-files-heading" style={{ fontSize: 18 }}>
        Released files
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Every file was checked against the NACHA rules before it was released; an invalid file is never
        released.
      </Typography.Paragraph>
      {files.isError ? (
        <ErrorState
          message={errorMessage(files.error, 'the NACHA files', 'loaded')}
          onRetry={() => void files.refetch()}
        />
      ) : (
        <DataTable<NachaFile>
          ariaLabel="Released NACHA files"
          rows={rows.slice(start, start + paging.pageSize)}
          totalCount={rows.length}
          pageNumber={paging.pageNumber}
          pageSize={paging.pageSize}
          loading={files.isFetching}
          columns={columns}
          rowKey="id"
          emptyText="No NACHA file has been released yet."
          onPageChange={(pageNumber, pageSize) => setPaging({ pageNumber, pageSize })}
        />
      )}
      <Modal
        open={viewing !== null}
        title={viewing?.fileName}
        onCancel={() => setViewing(null)}
        footer={
          viewing ? (
            <Flex gap={8} justify="end">
              <Button onClick={() => void download(viewing)}>Download</Button>
              <Button type="primary" onClick={() => setViewing(null)}>
                Close
              </Button>
            </Flex>
          ) : null
        }
        width={880}
        destroyOnHidden
      >
        {viewing ? <FileText file={viewing} /> : null}
      </Modal>
    </section>
  );
}
