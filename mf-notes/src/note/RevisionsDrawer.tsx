// The note's history (issue 12: every acknowledged save is an append-only revision — who, when, from which
// device): the list, and one revision's values shown read-only.
import { formatDateTime, type NoteDefinition } from '@carelane/shared-domain';
import { errorMessage } from '@carelane/shared-session';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Flex, Skeleton, Table, Typography } from 'antd';
import { useState } from 'react';
import NoteForm from '../form/NoteForm';
import { noteQueries } from './note-queries';

const noChange = () => {};

function Revision({
  visitId,
  version,
  definition,
  layout,
}: {
  visitId: number;
  version: number;
  definition: NoteDefinition;
  layout: 'desktop' | 'mobile';
}) {
  const query = useQuery(noteQueries.revision(visitId, version));
  if (query.isError)
    return <Alert type="error" showIcon title={errorMessage(query.error, 'the version', 'loaded')} />;
  if (!query.data) return <Skeleton active />;
  return (
    <section aria-label={`Version ${version}`}>
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        {`Version ${version}, saved by ${query.data.savedByName} at ${formatDateTime(query.data.savedAt)}`}
      </Typography.Title>
      <NoteForm
        definition={definition}
        values={query.data.values}
        onChange={noChange}
        readOnly
        layout={layout}
      />
    </section>
  );
}

export function RevisionsDrawer({
  visitId,
  open,
  onClose,
  definition,
  layout,
}: {
  visitId: number;
  open: boolean;
  onClose: () => void;
  definition: NoteDefinition;
  layout: 'desktop' | 'mobile';
}) {
  const [version, setVersion] = useState<number | null>(null);
  const query = useQuery({ ...noteQueries.revisions(visitId), enabled: open });
  return (
    <Drawer
      open={open}
      onClose={() => {
        setVersion(null);
        onClose();
      }}
      title="History"
      size={layout === 'mobile' ? '100%' : 760}
      destroyOnHidden
    >
      {query.isError ? (
        <Alert type="error" showIcon title={errorMessage(query.error, 'the history', 'loaded')} />
      ) : !query.data ? (
        <Skeleton active />
      ) : query.data.rows.length === 0 ? (
        <Typography.Text type="secondary">Nothing saved yet.</Typography.Text>
      ) : (
        <Flex vertical gap={16}>
          <Table
            size="small"
            rowKey="version"
            pagination={false}
            dataSource={query.data.rows}
            columns={[
              {
                title: 'Version',
                dataIndex: 'version',
                render: (value: number) => (
                  <Button
                    type="link"
                    onClick={() => setVersion(value)}
                    aria-pressed={version === value}
                    style={{ padding: 0 }}
                  >
                    {`Version ${value}`}
                  </Button>
                ),
              },
              { title: 'Saved by', dataIndex: 'savedByName' },
              { title: 'When', dataIndex: 'savedAt', render: (value: string) => formatDateTime(value) },
              { title: 'Device', dataIndex: 'deviceId', render: (value: string) => value.slice(0, 8) },
              {
                title: 'How',
                dataIndex: 'autosave',
                render: (value: boolean) => (value ? 'Autosave' : 'Saved'),
              },
            ]}
          />
          {version !== null ? (
            <Revision visitId={visitId} version={version} definition={definition} layout={layout} />
          ) : null}
        </Flex>
      )}
    </Drawer>
  );
}
