import { MESSAGES, groupDetailSchema, type GroupDetail, type GroupMember } from '@carelane/shared-domain';
import { apiClient, canOpen, navigateTo, publishToast, useSession } from '@carelane/shared-session';
import {
  EmptyState,
  PageFrame,
  RECORD_STATUS_OPTIONS,
  loadState,
  FormFailure,
  refresh,
  useIdParam,
  useSaveCall,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Select, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { groupQueries } from './group-queries';

type GroupForm = { name: string; description?: string; status: 'ACTIVE' | 'INACTIVE' };

const memberName = (member: GroupMember) => `${member.familyName}, ${member.givenName}`;

/** Search clinicians by name and add one to the member list. */
function AddMember({ members, onAdd }: { members: GroupMember[]; onAdd: (member: GroupMember) => void }) {
  const [search, setSearch] = useState('');
  const candidates = useQuery(groupQueries.candidates(search));
  const taken = new Set(members.map((member) => member.providerId));
  const options = (candidates.data?.rows ?? [])
    .filter((candidate) => !taken.has(candidate.providerId))
    .map((candidate) => ({
      value: candidate.providerId,
      label: `${memberName(candidate)} (${candidate.providerType}${candidate.city ? `, ${candidate.city}` : ''})`,
    }));
  return (
    <Select<number>
      aria-label="Add a clinician"
      showSearch={{ filterOption: false, onSearch: setSearch }}
      placeholder="Type a clinician's name to add them"
      value={null}
      options={options}
      loading={candidates.isFetching}
      notFoundContent={search ? 'No clinician by that name' : null}
      onChange={(providerId) => {
        const member = candidates.data?.rows.find((candidate) => candidate.providerId === providerId);
        if (member) onAdd(member);
        setSearch('');
      }}
      style={{ width: 360 }}
    />
  );
}

function GroupDetails({ group, editable }: { group: GroupDetail | null; editable: boolean }) {
  const [form] = Form.useForm<GroupForm>();
  const [members, setMembers] = useState<GroupMember[]>(group?.members ?? []);
  const { busy, failure, save } = useSaveCall(form, 'group');

  const submit = (values: GroupForm) =>
    save(async () => {
      const body = {
        name: values.name,
        description: values.description ?? '',
        status: values.status,
        providerIds: members.map((member) => member.providerId),
      };
      const saved = group
        ? await apiClient.put(
            `/api/admin/groups/${group.id}`,
            { ...body, version: group.version },
            groupDetailSchema,
          )
        : await apiClient.post('/api/admin/groups', body, groupDetailSchema);
      publishToast(MESSAGES.groupSaved);
      refresh('group');
      if (!group) navigateTo(`/group?id=${saved.id}`);
    });

  const columns: TableColumnsType<GroupMember> = [
    { title: 'Clinician', key: 'name', render: (_v, member) => memberName(member) },
    { title: 'Type', dataIndex: 'providerType', key: 'providerType' },
    {
      title: 'City',
      key: 'city',
      render: (_v, member) => [member.city, member.state].filter(Boolean).join(', ') || '—',
    },
    ...(editable
      ? [
          {
            title: 'Remove',
            key: 'remove',
            render: (_v: unknown, member: GroupMember) => (
              <Button
                size="small"
                aria-label={`Remove ${memberName(member)}`}
                onClick={() => setMembers((list) => list.filter((m) => m.providerId !== member.providerId))}
              >
                Remove
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Form<GroupForm>
      form={form}
      layout="vertical"
      disabled={!editable}
      initialValues={group ?? { status: 'ACTIVE', description: '' }}
      onFinish={(values) => void submit(values)}
    >
      <Flex vertical gap={16}>
        <Card title="Details" style={{ maxWidth: 720 }}>
          <Form.Item label="Name" name="name" rules={[{ required: true, whitespace: true }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item label="Description" name="description">
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
          <Form.Item label="Status" name="status">
            <Select style={{ width: 160 }} options={RECORD_STATUS_OPTIONS} />
          </Form.Item>
        </Card>
        <Card title={`Members (${members.length})`} style={{ maxWidth: 900 }}>
          <Flex vertical gap={12}>
            {editable ? (
              <AddMember
                members={members}
                onAdd={(member) =>
                  setMembers((list) =>
                    [...list, member].sort((a, b) => memberName(a).localeCompare(memberName(b))),
                  )
                }
              />
            ) : null}
            <Table<GroupMember>
              aria-label="Members"
              size="small"
              rowKey="providerId"
              dataSource={members}
              columns={columns}
              pagination={members.length > 10 ? { pageSize: 10 } : false}
              locale={{ emptyText: <EmptyState title="No clinicians in this group yet." /> }}
            />
          </Flex>
        </Card>
        <FormFailure text={failure} />
        {editable ? (
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" loading={busy}>
              {group ? 'Save group' : 'Create group'}
            </Button>
            <Button onClick={() => navigateTo('/groups')}>Back to groups</Button>
          </Flex>
        ) : null}
      </Flex>
    </Form>
  );
}

/** `/group?id=…` edits a clinician group and its members; `/group` alone creates one. */
export default function GroupPage() {
  const session = useSession();
  const id = useIdParam();
  const group = useQuery({ ...groupQueries.one(id ?? 0), enabled: id !== undefined });
  const editable = canOpen(session, 'groupDetail');

  if (id === undefined) {
    return (
      <PageFrame title="New group">
        <GroupDetails group={null} editable={editable} />
      </PageFrame>
    );
  }
  const loaded = loadState(group, 'the group', { keepStale: true });
  if (!loaded.data) return <PageFrame title="Group">{loaded.fallback}</PageFrame>;
  return (
    <PageFrame title={loaded.data.name} subtitle={`${loaded.data.memberCount} members`}>
      <GroupDetails
        key={`${loaded.data.id}:${loaded.data.version}`}
        group={loaded.data}
        editable={editable}
      />
    </PageFrame>
  );
}
