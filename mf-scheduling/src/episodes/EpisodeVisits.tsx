// The visits (or shifts) of one service request: a month calendar, the table (SPEC §9: up to 1000), the form
// that adds one, several dates or N copies, and editing or deleting a Draft/Active visit.
import {
  DATE_FORMAT,
  DEFAULT_TIME_ZONE,
  episodeIsEditable,
  episodeVisitCreateResponseSchema,
  episodeVisitSchema,
  formatDate,
  formatVisitTime,
  RATE_TIERS,
  viewerTimeZone,
  visitIsEditable,
  wallClockIn,
  type Episode,
  type EpisodeVisit,
  type ProviderType,
  type VisitType,
} from '@carelane/shared-domain';
import {
  apiClient,
  canOpen,
  publishErrorToast,
  publishToast,
  useSession,
  useUrlState,
} from '@carelane/shared-session';
import {
  MonthCalendar,
  VisitStatusTag,
  failureText,
  ListResults,
  FormFailure,
  noSubmitOnEnter,
  refresh,
  showSaveFailure,
  TimeInput,
  timeInputRules,
  useBusy,
  useSaveCall,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  DatePicker,
  Flex,
  Form,
  InputNumber,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Switch,
  Table,
  Typography,
  type FormInstance,
  type TableColumnsType,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { z } from 'zod';
import { lookupQueries } from '../lookups/lookup-queries';
import { ProviderTypeSelect, VisitTypeSelect } from '../lookups/LookupSelects';
import { FIND_CLINICIANS, MatchPanel } from '../matching/MatchPanel';
import { isStale, StaleNotice } from '../patients/form-kit';
import { referralSourceQueries } from '../referral-sources/referral-source-queries';
import { episodeQueries } from './episode-queries';
import {
  onlyProviderType,
  preselectedTypes,
  providerTypeChoices,
  visitRateText,
  visitTexts,
  visitTypeChoices,
  VISIT_FIELD_LABELS,
} from './visit-form-model';

/** `?match=<visitId>` opens the match drawer over the request's page. */
const matchSchema = z.object({ match: z.coerce.number().int().positive().optional() });

type RateValues = {
  fixedRate?: number | null;
  isHourly?: boolean;
  bonus?: number | null;
  referralSourceBonus?: number | null;
  rateOverride?: boolean;
  overrideAmount?: number | null;
  rsOverrideAmount?: number | null;
  rateTier?: (typeof RATE_TIERS)[number];
};
type AddValues = RateValues & {
  visitTypeId?: number;
  providerTypeId?: number;
  mode: 'one' | 'dates' | 'copies';
  dateOfService: Dayjs | null;
  multipleDates: Dayjs[];
  noOfVisits: number;
  /** 'HH:mm' on the organization's clock (TimeInput). */
  startTime: string | null;
  duration: number | null;
};
type EditValues = RateValues & {
  dateOfService: Dayjs | null;
  startTime: string | null;
  duration: number | null;
};

/** The zone the request's visits are in: its organization's (decision 039). */
function useOrganizationZone(referralSourceId: number): string {
  const organization = useQuery(referralSourceQueries.one(referralSourceId));
  return organization.data?.timeZone ?? DEFAULT_TIME_ZONE;
}
const isoOf = (day: Dayjs | null | undefined) => (day ? day.format('YYYY-MM-DD') : null);

/** The date of service with its calendar; typed M/D/YYYY is taken as typed, on Enter as on leaving the field. */
function DateOfServicePicker(props: { value?: Dayjs | null; onChange?: (value: Dayjs | null) => void }) {
  return <DatePicker {...props} aria-label="Date of service" format={DATE_FORMAT} style={{ width: 150 }} />;
}

function RateFields({ form }: { form: FormInstance }) {
  const override = Form.useWatch('rateOverride', form);
  return (
    <Flex gap={12} wrap>
      <Form.Item
        label="Fixed rate ($)"
        name="fixedRate"
        tooltip="What the clinician is offered; empty: from the rate card"
      >
        <InputNumber aria-label="Fixed rate" min={0} step={5} />
      </Form.Item>
      <Form.Item label="Hourly" name="isHourly" valuePropName="checked">
        <Switch aria-label="Hourly" />
      </Form.Item>
      <Form.Item label="Clinician bonus ($)" name="bonus">
        <InputNumber aria-label="Clinician bonus" min={0} />
      </Form.Item>
      <Form.Item label="Organization bonus ($)" name="referralSourceBonus">
        <InputNumber aria-label="Organization bonus" min={0} />
      </Form.Item>
      <Form.Item label="Rate tier" name="rateTier">
        <Select
          aria-label="Rate tier"
          style={{ width: 130 }}
          options={RATE_TIERS.map((value) => ({ value, label: value }))}
        />
      </Form.Item>
      <Form.Item label="Override rates" name="rateOverride" valuePropName="checked">
        <Switch aria-label="Override rates" />
      </Form.Item>
      {override ? (
        <>
          <Form.Item label="Clinician amount ($)" name="overrideAmount">
            <InputNumber aria-label="Override clinician amount" min={0} />
          </Form.Item>
          <Form.Item label="Organization amount ($)" name="rsOverrideAmount">
            <InputNumber aria-label="Override organization amount" min={0} />
          </Form.Item>
        </>
      ) : null}
      <Form.Item name="rates" label=" " colon={false}>
        <span />
      </Form.Item>
    </Flex>
  );
}

const rateBody = (values: RateValues) => ({
  fixedRate: values.fixedRate ?? null,
  isHourly: values.isHourly,
  bonus: values.bonus ?? null,
  referralSourceBonus: values.referralSourceBonus ?? null,
  rateOverride: values.rateOverride ?? false,
  overrideAmount: values.rateOverride ? (values.overrideAmount ?? null) : null,
  rsOverrideAmount: values.rateOverride ? (values.rsOverrideAmount ?? null) : null,
  rateTier: values.rateTier ?? 'regular',
});

const addVisitInitialValues = (episode: Episode, visitTypes: VisitType[], providerTypes: ProviderType[]) => {
  const shift = episode.episodeType === 'Shift';
  return {
    ...preselectedTypes(episode, visitTypes, providerTypes),
    mode: 'one' as const,
    dateOfService: null,
    multipleDates: [],
    noOfVisits: 2,
    startTime: null,
    duration: episode.visitRate.duration ?? (shift ? 480 : null),
    fixedRate: episode.visitRate.fixedRate ?? null,
    isHourly: episode.visitRate.isHourly ?? shift,
    bonus: episode.visitRate.bonus ?? null,
    referralSourceBonus: episode.visitRate.referralSourceBonus ?? null,
    rateOverride: false,
    rateTier: 'regular' as const,
    rates: undefined,
  };
};

const addVisitBody = (values: AddValues, mode: AddValues['mode']) => ({
  visitTypeId: values.visitTypeId,
  providerTypeId: values.providerTypeId,
  dateOfService:
    mode === 'dates' ? values.multipleDates[0]?.format('YYYY-MM-DD') : isoOf(values.dateOfService),
  ...(mode === 'dates' && {
    multiple: true,
    multipleDates: values.multipleDates.map((d) => d.format('YYYY-MM-DD')),
  }),
  ...(mode === 'copies' && { noOfVisits: values.noOfVisits }),
  startTime: values.startTime,
  duration: values.duration ?? null,
  ...rateBody(values),
});

/** Posts the add form: one visit, one a date, or N copies. */
function useAddVisits(form: FormInstance<AddValues>, episode: Episode, mode: AddValues['mode']) {
  const { busy, failure, save } = useSaveCall(
    form,
    visitTexts.thing(episode.episodeType),
    VISIT_FIELD_LABELS,
  );
  const submit = (values: AddValues) =>
    save(async () => {
      const added = await apiClient.post(
        `/api/admin/episodes/${episode.id}/visits`,
        addVisitBody(values, mode),
        episodeVisitCreateResponseSchema,
      );
      publishToast(
        visitTexts.added(
          episode.episodeType,
          added.rows.map((row) => row.dateOfService),
        ),
      );
      refresh('episode');
      form.resetFields(['dateOfService', 'multipleDates']);
    });
  return { busy, failure, submit };
}

function AddVisitTypeFields({
  form,
  episode,
  visitTypes,
  providerTypes,
}: {
  form: FormInstance<AddValues>;
  episode: Episode;
  visitTypes: VisitType[];
  providerTypes: ProviderType[];
}) {
  const visitTypeId = Form.useWatch('visitTypeId', form);
  const visitTypeIds = visitTypeChoices(episode, visitTypes).map((row) => row.id);
  const visitType = visitTypes.find((row) => row.id === visitTypeId);
  const providerTypeIds = providerTypeChoices(episode, visitType, providerTypes).map((row) => row.id);
  return (
    <Flex gap={12} wrap>
      <Form.Item
        label="Visit type"
        name="visitTypeId"
        rules={[{ required: true, message: 'Pick a visit type.' }]}
      >
        <VisitTypeSelect
          aria-label="Visit type"
          serviceType={episode.episodeType}
          only={visitTypeIds}
          style={{ width: 280 }}
          onChange={(id: number) =>
            form.setFieldValue(
              'providerTypeId',
              onlyProviderType(
                episode,
                visitTypes.find((row) => row.id === id),
                providerTypes,
              ),
            )
          }
        />
      </Form.Item>
      <Form.Item
        label="Provider type"
        name="providerTypeId"
        rules={[{ required: true, message: 'Pick a provider type.' }]}
      >
        <ProviderTypeSelect
          aria-label="Provider type"
          visitTypeId={visitTypeId}
          only={providerTypeIds}
          style={{ width: 160 }}
        />
      </Form.Item>
      <Form.Item label="Dates" name="mode">
        <Radio.Group
          aria-label="Dates"
          optionType="button"
          options={[
            { value: 'one', label: 'One date' },
            { value: 'dates', label: 'Several dates' },
            { value: 'copies', label: 'Copies' },
          ]}
        />
      </Form.Item>
    </Flex>
  );
}

function AddVisitTimeFields({
  form,
  mode,
  timeZone,
}: {
  form: FormInstance<AddValues>;
  mode: AddValues['mode'];
  timeZone: string;
}) {
  const watchedDate = isoOf(Form.useWatch('dateOfService', form));
  return (
    <Flex gap={12} wrap>
      {mode === 'dates' ? (
        <Form.Item
          label="Dates of service"
          name="multipleDates"
          rules={[{ required: true, type: 'array', min: 1, message: 'Pick at least one date.' }]}
        >
          <DatePicker aria-label="Dates of service" multiple format={DATE_FORMAT} style={{ minWidth: 260 }} />
        </Form.Item>
      ) : (
        <Form.Item
          label="Date of service"
          name="dateOfService"
          rules={[{ required: true, message: 'Enter the date of service.' }]}
        >
          <DateOfServicePicker />
        </Form.Item>
      )}
      {mode === 'copies' ? (
        <Form.Item label="How many" name="noOfVisits">
          <InputNumber aria-label="How many" min={1} max={50} />
        </Form.Item>
      ) : null}
      <Form.Item
        label="Start time"
        name="startTime"
        rules={timeInputRules('Start time', { required: true })}
        tooltip={`On the organization's clock (${timeZone})`}
      >
        <TimeInput aria-label="Start time" timeZone={timeZone} date={watchedDate} style={{ width: 150 }} />
      </Form.Item>
      <Form.Item label="Duration (minutes)" name="duration">
        <InputNumber aria-label="Duration" min={1} max={1440} />
      </Form.Item>
    </Flex>
  );
}

function AddVisitForm({
  episode,
  visitTypes,
  providerTypes,
}: {
  episode: Episode;
  visitTypes: VisitType[];
  providerTypes: ProviderType[];
}) {
  const [form] = Form.useForm<AddValues>();
  const mode = Form.useWatch('mode', form) ?? 'one';
  const timeZone = useOrganizationZone(episode.referralSourceId);
  const { busy, failure, submit } = useAddVisits(form, episode, mode);
  const shift = episode.episodeType === 'Shift';
  return (
    <Card size="small" title={shift ? 'Add shifts' : 'Add visits'} style={{ marginBottom: 16 }}>
      <Form<AddValues>
        form={form}
        layout="vertical"
        initialValues={addVisitInitialValues(episode, visitTypes, providerTypes)}
        onKeyDown={noSubmitOnEnter}
        onFinish={(values) => void submit(values)}
      >
        <AddVisitTypeFields
          form={form}
          episode={episode}
          visitTypes={visitTypes}
          providerTypes={providerTypes}
        />
        <AddVisitTimeFields form={form} mode={mode} timeZone={timeZone} />
        <RateFields form={form} />
        <FormFailure text={failure} />
        <Button type="primary" htmlType="submit" loading={busy}>
          {shift ? 'Add shifts' : 'Add visits'}
        </Button>
      </Form>
    </Card>
  );
}

function EditVisitModal({
  episode,
  visit,
  onClose,
}: {
  episode: Episode;
  visit: EpisodeVisit;
  onClose: () => void;
}) {
  const [form] = Form.useForm<EditValues>();
  const timeZone = useOrganizationZone(episode.referralSourceId);
  const { busy, run } = useBusy();
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const save = (values: EditValues) =>
    run(async () => {
      setFailure(null);
      const dateOfService = isoOf(values.dateOfService);
      try {
        await apiClient.put(
          `/api/admin/episodes/${episode.id}/visits/${visit.id}`,
          {
            dateOfService,
            startTime: values.startTime ?? undefined,
            duration: values.duration ?? undefined,
            ...rateBody(values),
            version: visit.version,
          },
          episodeVisitSchema,
        );
        publishToast(visitTexts.saved(episode.episodeType, dateOfService ?? visit.dateOfService));
        refresh('episode');
        onClose();
      } catch (error) {
        showSaveFailure(
          form,
          error,
          visitTexts.thing(episode.episodeType),
          (text) => (isStale(error) ? setStale(text) : setFailure(text)),
          VISIT_FIELD_LABELS,
        );
      }
    });
  return (
    <Modal
      open
      width={820}
      title={`Edit ${episode.episodeType === 'Shift' ? 'shift' : 'visit'} of ${formatDate(visit.dateOfService)}`}
      okText="Save"
      okButtonProps={{ loading: busy }}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <StaleNotice
        text={stale}
        onReload={() => {
          refresh('episode');
          onClose();
        }}
      />
      <Form<EditValues>
        form={form}
        layout="vertical"
        initialValues={{
          dateOfService: dayjs(visit.dateOfService),
          startTime: wallClockIn(visit.startAt, timeZone).time,
          duration: visit.duration,
          fixedRate: visit.fixedRate,
          isHourly: visit.isHourly,
          bonus: visit.bonus,
          referralSourceBonus: visit.referralSourceBonus,
          rateOverride: visit.rateOverride,
          overrideAmount: visit.overrideAmount,
          rsOverrideAmount: visit.rsOverrideAmount,
          rateTier: visit.rateTier as EditValues['rateTier'],
          rates: undefined,
        }}
        onKeyDown={noSubmitOnEnter}
        onFinish={(values) => void save(values)}
      >
        <Flex gap={12} wrap>
          <Form.Item
            label="Date of service"
            name="dateOfService"
            rules={[{ required: true, message: 'Enter the date.' }]}
          >
            <DateOfServicePicker />
          </Form.Item>
          <Form.Item
            label="Start time"
            name="startTime"
            rules={timeInputRules('Start time', { required: true })}
            tooltip={`On the organization's clock (${timeZone})`}
          >
            <TimeInput
              aria-label="Start time"
              timeZone={timeZone}
              date={visit.dateOfService}
              style={{ width: 150 }}
            />
          </Form.Item>
          <Form.Item label="Duration (minutes)" name="duration">
            <InputNumber aria-label="Duration" min={1} max={1440} />
          </Form.Item>
        </Flex>
        <RateFields form={form} />
        <FormFailure text={failure} />
      </Form>
    </Modal>
  );
}

function VisitCalendar({ visits }: { visits: readonly EpisodeVisit[] }) {
  const byDate = new Map<string, EpisodeVisit[]>();
  for (const visit of visits)
    byDate.set(visit.dateOfService, [...(byDate.get(visit.dateOfService) ?? []), visit]);
  const first = visits[0]?.dateOfService;
  return (
    <MonthCalendar
      defaultValue={first ? dayjs(first) : undefined}
      cellRender={(date, info) => {
        if (info.type !== 'date') return info.originNode;
        const day = byDate.get(date.format('YYYY-MM-DD'));
        return day ? (
          <span
            role="img"
            aria-label={`${day.length} ${day.length === 1 ? 'visit' : 'visits'} on ${date.format(DATE_FORMAT)}`}
            style={{ display: 'block', fontSize: 11, color: '#0b6e6e' }}
          >
            ● {day.length}
          </span>
        ) : null;
      }}
    />
  );
}

export function EpisodeVisits({ episode }: { episode: Episode }) {
  const session = useSession();
  const visits = useQuery(episodeQueries.visits(episode.id));
  const timeZone = useOrganizationZone(episode.referralSourceId);
  const viewer = viewerTimeZone();
  const visitTypes = useQuery(lookupQueries.visitTypes());
  const providerTypes = useQuery(lookupQueries.providerTypes());
  const [editing, setEditing] = useState<EpisodeVisit | null>(null);
  const [{ match }, setUrl] = useUrlState(matchSchema);
  const writable = canOpen(session, 'serviceRequestDetail') && episodeIsEditable(episode.status);
  const typeName = (id: number) => visitTypes.data?.rows.find((row) => row.id === id)?.type ?? `#${id}`;
  const providerName = (id: number) =>
    providerTypes.data?.rows.find((row) => row.id === id)?.type ?? `#${id}`;

  const remove = async (visit: EpisodeVisit) => {
    try {
      await apiClient.delete(`/api/admin/episodes/${episode.id}/visits/${visit.id}`, episodeVisitSchema, {
        searchParams: { version: visit.version },
      });
      publishToast(visitTexts.deleted(episode.episodeType, visit.dateOfService));
      refresh('episode');
    } catch (error) {
      publishErrorToast(failureText(error, visitTexts.thing(episode.episodeType), 'deleted'));
    }
  };

  const columns: TableColumnsType<EpisodeVisit> = [
    {
      title: 'Date',
      key: 'date',
      width: 205,
      render: (_v, row) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {formatDate(row.dateOfService)}{' '}
          <Typography.Text type="secondary">
            {formatVisitTime(row.startAt, timeZone, viewer)}–{formatVisitTime(row.endAt, timeZone, viewer)}
          </Typography.Text>
        </span>
      ),
    },
    {
      title: 'Visit type',
      key: 'visitType',
      ellipsis: true,
      render: (_v, row) => typeName(row.visitTypeId),
    },
    {
      title: 'Provider',
      key: 'providerType',
      ellipsis: true,
      render: (_v, row) => providerName(row.providerTypeId),
    },
    { title: 'Rate', key: 'rate', width: 110, ellipsis: true, render: (_v, row) => visitRateText(row) },
    {
      title: 'Status',
      key: 'status',
      width: 140,
      ellipsis: true,
      render: (_v, row) => (
        <VisitStatusTag
          status={row.status}
          episodeType={row.episodeType}
          shiftConfirmedByFacility={row.shiftConfirmedByFacility}
          lateCancellation={row.lateCancellation}
        />
      ),
    },
    {
      title: 'Clinician',
      dataIndex: 'providerName',
      key: 'clinician',
      ellipsis: true,
      render: (name: string | null) => name ?? '—',
    },
    {
      title: 'Actions',
      key: 'actions',
      width: 240,
      render: (_v, row) => (
        <Flex gap={8}>
          {row.status === 'Active' ? (
            <Button
              size="small"
              aria-label={`${FIND_CLINICIANS} for the visit of ${formatDate(row.dateOfService)}`}
              onClick={() => setUrl({ match: row.id })}
            >
              {FIND_CLINICIANS}
            </Button>
          ) : null}
          {writable && visitIsEditable(row.status) ? (
            <>
              <Button size="small" onClick={() => setEditing(row)}>
                Edit
              </Button>
              <Popconfirm
                title="Delete this visit?"
                okText="Delete"
                okButtonProps={{ danger: true }}
                onConfirm={() => remove(row)}
              >
                <Button size="small" danger>
                  Delete
                </Button>
              </Popconfirm>
            </>
          ) : null}
        </Flex>
      ),
    },
  ];

  return (
    <Card
      title={episode.episodeType === 'Shift' ? 'Shifts' : 'Visits'}
      style={{ maxWidth: 1100, marginTop: 16 }}
    >
      {writable && !visitTypes.isPending && !providerTypes.isPending ? (
        <AddVisitForm
          episode={episode}
          visitTypes={visitTypes.data?.rows ?? []}
          providerTypes={providerTypes.data?.rows ?? []}
        />
      ) : null}
      <ListResults query={visits} thing="the visits">
        {/* One line a visit: the table takes the width, the month calendar goes beside it when there is room. */}
        <Flex gap={16} wrap align="start">
          <Table<EpisodeVisit>
            aria-label="Visits of this service request"
            style={{ flex: '1 1 760px', minWidth: 0 }}
            size="small"
            tableLayout="fixed"
            rowKey="id"
            loading={visits.isFetching}
            columns={columns}
            dataSource={visits.data?.rows ?? []}
            pagination={false}
            locale={{ emptyText: 'No visits yet.' }}
          />
          <div style={{ width: 300 }}>
            <VisitCalendar visits={visits.data?.rows ?? []} />
          </div>
        </Flex>
      </ListResults>
      {editing ? <EditVisitModal episode={episode} visit={editing} onClose={() => setEditing(null)} /> : null}
      {match ? <MatchPanel visitId={match} /> : null}
    </Card>
  );
}
