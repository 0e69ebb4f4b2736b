// The files of one service request (SPEC §3 Episode `files`): drop or pick files to attach them, download
// one by its name, delete one after a confirmation. Read-only without the write page or once the service
// request is no longer editable. The server checks the same type and size rules again.
import {
  buildErrorText,
  DATE_FORMAT,
  episodeIsEditable,
  FILE_ACCEPT,
  fileRefusal,
  formatFileSize,
  type Episode,
  type EpisodeFile,
} from '@carelane/shared-domain';
import {
  canOpen,
  errorMessage,
  publishErrorToast,
  publishToast,
  readFileBytes,
  saveFile,
  useSession,
} from '@carelane/shared-session';
import { EmptyState, loadState, refresh } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Flex,
  Popconfirm,
  Spin,
  Table,
  Typography,
  Upload,
  type TableColumnsType,
  type UploadProps,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { episodeFileCalls, episodeQueries } from './episode-queries';

export const FILE_TOASTS = { uploaded: 'File uploaded.', deleted: 'File deleted.' } as const;
const THING = 'the file';

type UploadRequest = Parameters<NonNullable<UploadProps['customRequest']>>[0];

const extensionOf = (fileName: string) => /\.([^.]+)$/.exec(fileName)?.[1]?.toUpperCase() ?? '—';

export function EpisodeFiles({ episode }: { episode: Episode }) {
  const session = useSession();
  const files = useQuery(episodeQueries.files(episode.id));
  const [uploading, setUploading] = useState<string[]>([]);
  const writable = canOpen(session, 'serviceRequestDetail') && episodeIsEditable(episode.status);
  const limitMb = files.data?.fileSizeLimitMb;

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const refusal = limitMb === undefined ? null : fileRefusal(file, limitMb);
    if (!refusal) return true;
    publishErrorToast(buildErrorText(THING, 'uploaded', refusal));
    return Upload.LIST_IGNORE;
  };

  const upload = async ({ file, onSuccess, onError }: UploadRequest) => {
    const blob = file as File;
    setUploading((names) => [...names, blob.name]);
    try {
      const stored = await episodeFileCalls.upload(episode.id, blob.name, await readFileBytes(blob));
      publishToast(FILE_TOASTS.uploaded);
      onSuccess?.(stored);
    } catch (error) {
      publishErrorToast(errorMessage(error, THING, 'uploaded'));
      onError?.(error as Error);
    } finally {
      setUploading((names) => names.filter((name) => name !== blob.name));
      refresh('episodeFile');
    }
  };

  const download = async (row: EpisodeFile) => {
    try {
      saveFile(await episodeFileCalls.download(episode.id, row.id), row.fileName);
    } catch (error) {
      publishErrorToast(errorMessage(error, THING, 'downloaded'));
    }
  };

  const remove = async (row: EpisodeFile) => {
    try {
      await episodeFileCalls.remove(episode.id, row.id);
      publishToast(FILE_TOASTS.deleted);
    } catch (error) {
      publishErrorToast(errorMessage(error, THING, 'deleted'));
    } finally {
      refresh('episodeFile');
    }
  };

  const columns: TableColumnsType<EpisodeFile> = [
    {
      title: 'Name',
      key: 'name',
      render: (_v, row) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => void download(row)}>
          {row.fileName}
        </Button>
      ),
    },
    { title: 'Type', key: 'type', render: (_v, row) => extensionOf(row.fileName) },
    { title: 'Size', key: 'size', render: (_v, row) => formatFileSize(row.sizeBytes) },
    {
      title: 'Uploaded by',
      dataIndex: 'uploadedByName',
      key: 'uploadedBy',
      render: (name: string | null) => name ?? '—',
    },
    {
      title: 'Uploaded',
      key: 'uploadedAt',
      render: (_v, row) => dayjs(row.uploadedAt).format(`${DATE_FORMAT} h:mm A`),
    },
    ...(writable
      ? [
          {
            title: 'Actions',
            key: 'actions',
            render: (_v: unknown, row: EpisodeFile) => (
              <Popconfirm
                title="Delete this file?"
                description={row.fileName}
                okText="Delete"
                okButtonProps={{ danger: true }}
                onConfirm={() => remove(row)}
              >
                <Button size="small" danger aria-label={`Delete ${row.fileName}`}>
                  Delete
                </Button>
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];

  const loaded = loadState(files, 'the files', { keepStale: true });
  let body = loaded.fallback;
  if (loaded.data) {
    body = (
      <>
        {writable ? (
          <Upload.Dragger
            accept={FILE_ACCEPT}
            multiple
            showUploadList={false}
            beforeUpload={beforeUpload}
            customRequest={(request) => void upload(request)}
            disabled={uploading.length > 0}
            style={{ marginBottom: 16 }}
          >
            {uploading.length ? (
              <Flex gap={8} justify="center" align="center" role="status">
                <Spin size="small" />
                <span>Uploading {uploading.join(', ')}…</span>
              </Flex>
            ) : (
              <>
                <Typography.Paragraph style={{ marginBottom: 4 }}>
                  Drop files here or click to choose them
                </Typography.Paragraph>
                <Typography.Text type="secondary">
                  PDF, PNG, JPEG, GIF, TXT, CSV, DOC, DOCX, XLS or XLSX, up to {limitMb} MB each
                </Typography.Text>
              </>
            )}
          </Upload.Dragger>
        ) : null}
        {loaded.data.rows.length ? (
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            columns={columns}
            dataSource={loaded.data.rows}
          />
        ) : (
          <EmptyState title="No files yet" description={writable ? 'Attached files show here.' : undefined} />
        )}
      </>
    );
  }

  return (
    <Card title="Files" style={{ maxWidth: 1100, marginTop: 16 }}>
      {body}
    </Card>
  );
}
