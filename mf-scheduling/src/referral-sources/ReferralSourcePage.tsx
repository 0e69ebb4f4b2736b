import {
  MESSAGES,
  ORGANIZATION_ONBOARD_STEPS,
  ROLE,
  isOrganizationRole,
  isStaffingRole,
  nextOrganizationOnboardStep,
  referralSourceSchema,
  timeZoneChoices,
  type ReferralSource,
  type User,
} from '@carelane/shared-domain';
import {
  apiClient,
  canOpen,
  navigateTo,
  publishToast,
  useSession,
  useUrlState,
} from '@carelane/shared-session';
import {
  AddressAutocomplete,
  DataTable,
  PageFrame,
  PhoneInput,
  RECORD_STATUS_OPTIONS,
  ListResults,
  loadState,
  AreaLink,
  FormFailure,
  lookUpZipcode,
  nullIfBlank,
  refresh,
  showSaveFailure,
  useBusy,
  useIdParam,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Flex,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Steps,
  Switch,
  Tabs,
  Typography,
  type FormInstance,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { RateCard } from './RateCard';
import { referralSourceQueries } from './referral-source-queries';

type Access = { staff: boolean; editProfile: boolean };

/** The organization form's save: POST a new one, or PUT the fields with the version read. */
function useSave(organization: ReferralSource | null) {
  const { busy, run } = useBusy();
  const [failure, setFailure] = useState<string | null>(null);
  const save = (form: FormInstance, body: Record<string, unknown>) =>
    run(async () => {
      setFailure(null);
      try {
        const saved = organization
          ? await apiClient.put(
              `/api/admin/referralSources/${organization.id}`,
              { ...body, version: organization.version },
              referralSourceSchema,
            )
          : await apiClient.post('/api/admin/referralSources', body, referralSourceSchema);
        publishToast(MESSAGES.organizationSaved);
        refresh('referralSource');
        if (!organization) navigateTo(`/referralSource?id=${saved.id}`);
      } catch (error) {
        showSaveFailure(form, error, 'organization', setFailure);
      }
    });
  return { busy, failure, save };
}

type ProfileForm = Pick<
  ReferralSource,
  | 'name'
  | 'zipcode'
  | 'latitude'
  | 'longitude'
  | 'phone'
  | 'fax'
  | 'email'
  | 'caseManager'
  | 'actionType'
  | 'status'
  | 'timeZone'
>;

const TIME_ZONE_OPTIONS = timeZoneChoices().map((zone) => ({ value: zone, label: zone }));

function ProfileTab({ organization, access }: { organization: ReferralSource | null; access: Access }) {
  const [form] = Form.useForm<ProfileForm>();
  const { busy, failure, save } = useSave(organization);
  const latitude = Form.useWatch('latitude', form);
  const longitude = Form.useWatch('longitude', form);
  return (
    <Form<ProfileForm>
      form={form}
      layout="vertical"
      style={{ maxWidth: 720 }}
      disabled={!access.editProfile}
      initialValues={organization ?? { status: 'ACTIVE', caseManager: false }}
      onFinish={(values) => {
        const { status, ...rest } = values;
        void save(form, {
          ...nullIfBlank(rest),
          caseManager: values.caseManager ?? false,
          ...(access.staff ? { status } : {}),
        });
      }}
    >
      <Form.Item label="Name" name="name" rules={[{ required: true, whitespace: true }]}>
        <Input />
      </Form.Item>
      <Form.Item label="Find the address" extra="Picking an address sets the ZIP code and the map position.">
        <AddressAutocomplete
          ariaLabel="Find the address"
          onSelect={(address) =>
            form.setFieldsValue({
              zipcode: address.zipcode,
              latitude: address.latitude,
              longitude: address.longitude,
            })
          }
        />
      </Form.Item>
      <Flex gap={16} wrap align="end">
        <Form.Item
          label="ZIP code"
          name="zipcode"
          rules={[{ pattern: /^\d{5}(-\d{4})?$/, message: 'Enter a 5-digit ZIP code.' }]}
          style={{ width: 140 }}
        >
          <Input
            inputMode="numeric"
            onChange={(event) => {
              // A typed ZIP code moves the map position to its centre; a picked address is more precise.
              const zipcode = event.target.value;
              void lookUpZipcode(zipcode).then((place) => {
                if (place && form.getFieldValue('zipcode') === zipcode)
                  form.setFieldsValue({ latitude: place.latitude, longitude: place.longitude });
              });
            }}
          />
        </Form.Item>
        <Form.Item label="Map position" style={{ flex: 1 }}>
          <Typography.Text type="secondary" aria-live="polite">
            {typeof latitude === 'number' && typeof longitude === 'number'
              ? `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`
              : 'Not set'}
          </Typography.Text>
        </Form.Item>
        <Form.Item name="latitude" hidden>
          <InputNumber />
        </Form.Item>
        <Form.Item name="longitude" hidden>
          <InputNumber />
        </Form.Item>
      </Flex>
      <Flex gap={16} wrap>
        <Form.Item label="Phone" name="phone" style={{ flex: 1 }}>
          <PhoneInput />
        </Form.Item>
        <Form.Item label="Fax" name="fax" style={{ flex: 1 }}>
          <PhoneInput />
        </Form.Item>
      </Flex>
      <Form.Item
        label="Email"
        name="email"
        rules={[{ type: 'email', message: 'Enter a valid email address.' }]}
      >
        <Input type="email" />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item label="Has case managers" name="caseManager" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item label="Action type" name="actionType" style={{ flex: 1 }}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item
          label="Time zone"
          name="timeZone"
          style={{ width: 260 }}
          extra="Its visits' dates and times are on this clock. Empty: the zone of its ZIP code's state."
        >
          <Select showSearch allowClear options={TIME_ZONE_OPTIONS} placeholder="From the ZIP code" />
        </Form.Item>
        {access.staff ? (
          <Form.Item label="Status" name="status" style={{ width: 160 }}>
            <Select options={RECORD_STATUS_OPTIONS} />
          </Form.Item>
        ) : null}
      </Flex>
      <FormFailure text={failure} />
      {access.editProfile ? (
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={busy}>
            {organization ? 'Save' : 'Create organization'}
          </Button>
          {access.staff ? (
            <Button onClick={() => navigateTo('/referralSources')}>Back to organizations</Button>
          ) : null}
        </Flex>
      ) : null}
    </Form>
  );
}

type SettingsForm = Pick<
  ReferralSource,
  'idleTimeout' | 'dashboardVisitDateRange' | 'missedVisitDateRange' | 'tasksDateRange' | 'incidentsDateRange'
>;

const DAY_RANGES: [keyof SettingsForm, string][] = [
  ['dashboardVisitDateRange', 'Dashboard visit date range (days)'],
  ['missedVisitDateRange', 'Missed visit date range (days)'],
  ['tasksDateRange', 'Tasks date range (days)'],
  ['incidentsDateRange', 'Incidents date range (days)'],
];

function SettingsTab({ organization, access }: { organization: ReferralSource; access: Access }) {
  const [form] = Form.useForm<SettingsForm>();
  const { busy, failure, save } = useSave(organization);
  return (
    <Form<SettingsForm>
      form={form}
      layout="vertical"
      style={{ maxWidth: 520 }}
      disabled={!access.editProfile}
      initialValues={organization}
      onFinish={(values) => void save(form, nullIfBlank(values))}
    >
      <Form.Item
        label="Idle timeout (minutes)"
        name="idleTimeout"
        extra="Signs the organization's users out after this long without activity; empty uses the portal's setting."
      >
        <InputNumber min={1} max={1440} precision={0} style={{ width: 160 }} />
      </Form.Item>
      {DAY_RANGES.map(([name, label]) => (
        <Form.Item key={name} label={label} name={name}>
          <InputNumber min={1} max={365} precision={0} style={{ width: 160 }} />
        </Form.Item>
      ))}
      <FormFailure text={failure} />
      {access.editProfile ? (
        <Button type="primary" htmlType="submit" loading={busy}>
          Save settings
        </Button>
      ) : null}
    </Form>
  );
}

const usersPageSchema = z.object({ usersPage: z.coerce.number().int().min(1).default(1) });
const userColumns: TableColumnsType<User> = [
  {
    title: 'Name',
    key: 'name',
    render: (_v, user) => (
      <AreaLink to={`/user?id=${user.id}`}>{`${user.lastName}, ${user.firstName}`}</AreaLink>
    ),
  },
  { title: 'Email', dataIndex: 'emailId', key: 'emailId' },
  { title: 'Role', dataIndex: 'rolename', key: 'rolename' },
  { title: 'Status', dataIndex: 'status', key: 'status' },
];

function UsersTab({ organizationId }: { organizationId: number }) {
  const [{ usersPage }, setPage] = useUrlState(usersPageSchema);
  const users = useQuery(referralSourceQueries.users(organizationId, usersPage));
  return (
    <ListResults query={users} thing="the users">
      <DataTable<User>
        ariaLabel="Users of this organization"
        rows={users.data?.rows ?? []}
        totalCount={users.data?.paging.totalCount ?? 0}
        pageNumber={usersPage}
        pageSize={10}
        pageSizeOptions={[10]}
        loading={users.isFetching}
        columns={userColumns}
        rowKey="id"
        emptyText="This organization has no users you manage."
        onPageChange={(pageNumber) => setPage({ usersPage: pageNumber })}
      />
    </ListResults>
  );
}

function OnboardingTab({ organization, access }: { organization: ReferralSource; access: Access }) {
  const [form] = Form.useForm();
  const { busy, failure, save } = useSave(organization);
  const current = organization.onboardStepRS;
  const back = nextOrganizationOnboardStep(current);
  return (
    <Flex vertical gap={16} style={{ maxWidth: 640 }}>
      <Steps
        current={ORGANIZATION_ONBOARD_STEPS.indexOf(current)}
        items={ORGANIZATION_ONBOARD_STEPS.map((step) => ({ title: step }))}
      />
      <Typography.Text>
        The organization is at the <strong>{current}</strong> step. Its users accept the rate card, then the
        contract, on their onboarding page.
      </Typography.Text>
      {access.staff ? (
        <Form form={form} component={false}>
          <Flex gap={8} wrap>
            <Popconfirm
              title={`Send the organization back to ${back}?`}
              description="Its users will have to accept that step again."
              okText="Send back"
              disabled={back === current}
              onConfirm={() => save(form, { onboardStepRS: back })}
            >
              <Button loading={busy} disabled={back === current}>
                Send back to {back}
              </Button>
            </Popconfirm>
            {current !== 'Done' ? (
              <Popconfirm
                title="Mark onboarding as done?"
                okText="Mark done"
                onConfirm={() => save(form, { onboardStepRS: 'Done' })}
              >
                <Button loading={busy}>Mark done</Button>
              </Popconfirm>
            ) : null}
          </Flex>
        </Form>
      ) : null}
      <FormFailure text={failure} />
    </Flex>
  );
}

const tabSchema = z.object({
  tab: z.enum(['profile', 'users', 'rates', 'settings', 'onboarding']).default('profile'),
});

/** `/referralSource?id=…`: an organization's profile, users, rate card, settings and onboarding. */
export default function ReferralSourcePage() {
  const session = useSession();
  const roleId = session?.user.roleId ?? 0;
  const staff = roleId === ROLE.ADMINISTRATOR || isStaffingRole(roleId);
  // Only staff create organizations: anyone else without `?id=` sees their own organization.
  const id = useIdParam() ?? (staff ? undefined : (session?.user.referralSourceId ?? undefined));
  const [{ tab }, setTab] = useUrlState(tabSchema);
  const organization = useQuery({ ...referralSourceQueries.one(id ?? 0), enabled: id !== undefined });
  const access: Access = {
    staff,
    editProfile:
      staff || (roleId === ROLE.ORGANIZATION_ADMINISTRATOR && session?.user.referralSourceId === id),
  };

  if (id === undefined) {
    if (!staff) return <PageFrame title="Organization">{null}</PageFrame>;
    return (
      <PageFrame title="New organization">
        <Card>
          <ProfileTab organization={null} access={access} />
        </Card>
      </PageFrame>
    );
  }
  const loaded = loadState(organization, 'the organization', { keepStale: true });
  if (!loaded.data) return <PageFrame title="Organization">{loaded.fallback}</PageFrame>;
  const org = loaded.data;
  const key = `${org.id}:${org.version}`;
  const items = [
    {
      key: 'profile',
      label: 'Profile',
      children: <ProfileTab key={key} organization={org} access={access} />,
    },
    ...(canOpen(session, 'users') &&
    (staff || !isOrganizationRole(roleId) || session?.user.referralSourceId === org.id)
      ? [{ key: 'users', label: 'Users', children: <UsersTab organizationId={org.id} /> }]
      : []),
    { key: 'rates', label: 'Rate card', children: <RateCard referralSourceId={org.id} editable={staff} /> },
    {
      key: 'settings',
      label: 'Settings',
      children: <SettingsTab key={key} organization={org} access={access} />,
    },
    {
      key: 'onboarding',
      label: 'Onboarding',
      children: <OnboardingTab key={key} organization={org} access={access} />,
    },
  ];
  return (
    <PageFrame
      title={org.name}
      subtitle={`${org.status === 'ACTIVE' ? 'Active' : 'Inactive'} · onboarding ${org.onboardStepRS}`}
      actions={
        canOpen(session, 'timeline') ? (
          <AreaLink to={`/timeline?referralSourceId=${org.id}`}>Timeline</AreaLink>
        ) : null
      }
    >
      <Card>
        <Tabs
          activeKey={items.some((item) => item.key === tab) ? tab : 'profile'}
          onChange={(next) => setTab({ tab: next === 'profile' ? null : next })}
          items={items}
        />
      </Card>
    </PageFrame>
  );
}
