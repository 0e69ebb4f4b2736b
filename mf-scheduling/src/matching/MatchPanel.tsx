// The match drawer of `?match=<visitId>` (on /visits and on a service request's page): the visit, the fit-score
// filters (SPEC §9 defaults, kept in the URL), and the ranked candidates; staff assign from here.
import {
  DEFAULT_FIT_SCORE_OPTIONS,
  formatDate,
  isOrganizationRole,
  type MatchCandidate,
} from '@carelane/shared-domain';
import {
  canOpen,
  errorMessage,
  publishErrorToast,
  publishToast,
  useSession,
  useUrlState,
  writeUrlState,
} from '@carelane/shared-session';
import { EmptyState, ErrorState, useFocusReturn, VisitStatusTag } from '@carelane/shared-ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Checkbox, Descriptions, Drawer, Flex, InputNumber, Pagination, Spin, Typography, App } from 'antd';
import { z } from 'zod';
import { visitActions, visitQueries } from '../visits/visit-queries';
import { BroadcastAction } from './BroadcastAction';
import { MatchCard } from './MatchCard';

const flag = z.enum(['true', 'false']).optional();
const matchSchema = z.object({
  mPage: z.coerce.number().int().min(1).default(1),
  searchClinicianDistance: z.coerce.number().min(0.5).max(100).optional(),
  ignoreWeekdayPreferences: flag,
  ignoreAssignmentPreferences: flag,
  ignoreShiftPreferences: flag,
  fewerThanFiveVisits: flag,
  fewerThanOneShift: flag,
  fullyCredentialed: flag,
  includePreferredZipcodes: flag,
  includePreviousAssignments: flag,
  ignoreVacations: flag,
});
type FlagName = Exclude<keyof z.output<typeof matchSchema>, 'mPage' | 'searchClinicianDistance'>;

const FLAG_LABELS: Record<FlagName, string> = {
  ignoreWeekdayPreferences: 'Ignore weekday preferences',
  ignoreAssignmentPreferences: 'Ignore assignment preferences',
  ignoreShiftPreferences: 'Ignore shift preferences',
  fewerThanFiveVisits: 'Fewer than five visits',
  fewerThanOneShift: 'Fewer than one shift',
  fullyCredentialed: 'Fully credentialed',
  includePreferredZipcodes: 'Include preferred ZIP codes',
  includePreviousAssignments: 'Include previous assignments',
  ignoreVacations: 'Ignore vacations',
};
const FLAGS = Object.keys(FLAG_LABELS) as FlagName[];

/** The one name of the action that opens this drawer, wherever it is offered. */
export const FIND_CLINICIANS = 'Find clinicians';
const PAGE_SIZE = 10;

/** Closing the drawer drops `match` and the drawer's own filters from the URL, in one history entry. */
function closeMatch() {
  writeUrlState({
    match: null,
    ...Object.fromEntries(Object.keys(matchSchema.shape).map((key) => [key, null])),
  });
}

export function MatchPanel({ visitId }: { visitId: number }) {
  const { modal } = App.useApp();
  useFocusReturn();
  const onClose = closeMatch;
  const session = useSession();
  const queryClient = useQueryClient();
  const [url, setUrl] = useUrlState(matchSchema);
  const options = {
    searchClinicianDistance: url.searchClinicianDistance ?? DEFAULT_FIT_SCORE_OPTIONS.searchClinicianDistance,
    ...Object.fromEntries(
      FLAGS.map((name) => [name, url[name] ? url[name] === 'true' : DEFAULT_FIT_SCORE_OPTIONS[name]]),
    ),
  } as Record<FlagName, boolean> & { searchClinicianDistance: number };
  const query = useQuery(
    visitQueries.fitScore(visitId, { ...options, pageNumber: url.mPage, pageSize: PAGE_SIZE }),
  );
  const mayAssign =
    !!session && !isOrganizationRole(session.user.roleId) && canOpen(session, 'unstaffedVisits');
  const mayBroadcast = canOpen(session, 'broadcast');
  const assign = useMutation({
    mutationFn: (candidate: MatchCandidate) =>
      visitActions.assign(visitId, candidate.providerUserId, query.data!.visit.version),
    onSuccess: (visit) => {
      publishToast(
        `${visit.providerName ?? 'The clinician'} assigned. The clinician and the facility are notified.`,
      );
      // The visit lists and the service request's own list of visits.
      void queryClient.invalidateQueries({ queryKey: ['visit'] });
      void queryClient.invalidateQueries({ queryKey: ['episode'] });
      onClose();
    },
    onError: (error) => {
      // The server's sentence ('Not fully credentialed on …'); the list is read again, so the card says it too.
      publishErrorToast(errorMessage(error, 'the visit', 'assigned'));
      void queryClient.invalidateQueries({ queryKey: ['visit', 'fitScore', visitId] });
    },
  });
  const confirmAssign = (candidate: MatchCandidate) =>
    modal.confirm({
      title: `Assign ${candidate.givenName} ${candidate.familyName}?`,
      content: 'The visit becomes Staffed and the clinician and the facility are notified.',
      okText: 'Assign',
      onOk: () => assign.mutateAsync(candidate).catch(() => undefined),
    });

  const visit = query.data?.visit;
  return (
    <Drawer open onClose={onClose} title={FIND_CLINICIANS} size="large" destroyOnHidden>
      {query.isError ? (
        <ErrorState
          message={errorMessage(query.error, 'the candidates', 'loaded')}
          onRetry={() => void query.refetch()}
        />
      ) : !query.data ? (
        <Flex justify="center" style={{ padding: 32 }}>
          <Spin aria-label="Loading candidates" />
        </Flex>
      ) : (
        <Flex vertical gap={16}>
          {visit ? (
            <Descriptions
              size="small"
              column={2}
              aria-label="Visit"
              items={[
                {
                  key: 'v',
                  label: 'Visit',
                  children: `#${visit.id} ${visit.visitType} (${visit.providerType})`,
                },
                { key: 's', label: 'Status', children: <VisitStatusTag {...visit} /> },
                {
                  key: 'd',
                  label: 'Date of service',
                  children: formatDate(`${visit.dateOfService}T00:00:00`),
                },
                { key: 'p', label: 'Patient', children: visit.patientName ?? '—' },
                { key: 'o', label: 'Organization', children: visit.organizationName },
                { key: 'z', label: 'ZIP code', children: visit.zipcode ?? '—' },
              ]}
            />
          ) : null}
          <Flex gap={12} wrap align="center" aria-label="Fit score filters" role="group">
            <label htmlFor="match-distance">Distance (miles)</label>
            <InputNumber
              id="match-distance"
              min={0.5}
              max={100}
              value={options.searchClinicianDistance}
              onChange={(value) => setUrl({ searchClinicianDistance: value ?? null, mPage: null })}
            />
            {FLAGS.map((name) => (
              <Checkbox
                key={name}
                checked={options[name]}
                onChange={(event) => setUrl({ [name]: String(event.target.checked), mPage: null })}
              >
                {FLAG_LABELS[name]}
              </Checkbox>
            ))}
          </Flex>
          {visit?.paused ? (
            <Typography.Text type="warning">
              This visit is paused: it is kept out of matching until resumed.
            </Typography.Text>
          ) : null}
          {mayBroadcast && visit ? (
            <BroadcastAction
              visitId={visitId}
              candidates={query.data.providerList}
              disabled={visit.status !== 'Active' || visit.paused}
            />
          ) : null}
          {query.data.providerList.length === 0 ? (
            <EmptyState
              title="No matching clinicians"
              description="No clinician matches these filters. Widen the distance or relax a filter."
            />
          ) : (
            <Flex vertical gap={8} aria-label="Candidates" role="list">
              {query.data.providerList.map((candidate) => (
                <div role="listitem" key={candidate.providerUserId}>
                  <MatchCard
                    candidate={candidate}
                    rateVisibility={query.data.rateVisibility}
                    onSelect={mayAssign && visit?.status === 'Active' ? confirmAssign : undefined}
                    assigning={
                      assign.isPending && assign.variables?.providerUserId === candidate.providerUserId
                    }
                  />
                </div>
              ))}
              <Pagination
                current={url.mPage}
                pageSize={PAGE_SIZE}
                total={query.data.paging.totalCount}
                showSizeChanger={false}
                hideOnSinglePage
                onChange={(mPage) => setUrl({ mPage })}
              />
            </Flex>
          )}
        </Flex>
      )}
    </Drawer>
  );
}
