// One ranked candidate: the fit score coloured red to green, rating, engagement, distance, the factor breakdown
// and, when the viewer may see them, the rates (the match card with rates, or the simple card without).
import {
  fitScoreColor,
  formatRateAmount,
  type FitScoreResponse,
  type MatchCandidate,
} from '@carelane/shared-domain';
import { EngagementDot, RatingBadge } from '@carelane/shared-ui';
import { Button, Card, Collapse, Descriptions, Flex, Tag, Typography } from 'antd';

export type MatchCardProps = {
  candidate: MatchCandidate;
  rateVisibility: FitScoreResponse['rateVisibility'];
  /** Given when the viewer may assign; the button shows only then. */
  onSelect?: (candidate: MatchCandidate) => void;
  assigning?: boolean;
};

function FitScore({ score }: { score: number }) {
  return (
    <span
      aria-label={`Fit score ${score} of 100`}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        minWidth: 44,
        height: 44,
        borderRadius: 22,
        color: '#fff',
        fontWeight: 600,
        fontSize: 16,
        background: fitScoreColor(score),
      }}
    >
      {score}
    </span>
  );
}

function Rates({ candidate, rateVisibility }: Pick<MatchCardProps, 'candidate' | 'rateVisibility'>) {
  const amounts = candidate.amounts;
  if (rateVisibility === 'none') return null;
  if (!amounts) return null;
  const items = [
    {
      key: 'organization',
      label: 'Organization amount',
      children: formatRateAmount(amounts.organizationAmount),
    },
  ];
  if (rateVisibility === 'all' && amounts.clinicianAmount !== undefined && amounts.netProfit !== undefined) {
    items.push(
      { key: 'clinician', label: 'Clinician amount', children: formatRateAmount(amounts.clinicianAmount) },
      { key: 'profit', label: 'Net profit', children: formatRateAmount(amounts.netProfit) },
    );
    if (amounts.requiredMargin !== undefined)
      items.push({
        key: 'margin',
        label: 'Required margin',
        children: formatRateAmount(amounts.requiredMargin),
      });
  }
  return <Descriptions size="small" column={2} items={items} aria-label="Rates" />;
}

export function MatchCard({ candidate, rateVisibility, onSelect, assigning }: MatchCardProps) {
  const name = `${candidate.givenName} ${candidate.familyName}`;
  const details = candidate.providerRatingDetails;
  return (
    <Card size="small" aria-label={`Candidate ${name}`} data-testid="match-card">
      <Flex gap={12} align="start">
        <FitScore score={candidate.fitScore} />
        <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong>{name}</Typography.Text>
            <Tag>{candidate.providerType}</Tag>
            <RatingBadge
              rating={candidate.rating}
              details={{
                assignmentsReliability: details.assignmentsReliability ?? null,
                notesReliability: details.notesReliability ?? null,
                satisfaction: details.avgPatientRating ?? null,
              }}
            />
            <EngagementDot lastLogin={candidate.lastLogin} />
            {candidate.coverage === '2COVERED' ? (
              <Tag color="green">In coverage</Tag>
            ) : (
              <Tag>Outside coverage</Tag>
            )}
          </Flex>
          <Typography.Text type="secondary">
            {candidate.distanceMiles} miles · {candidate.visitsCount} visit(s), {candidate.shiftsCount}{' '}
            shift(s) this week · {candidate.patientsCount} patient(s)
            {candidate.skills.length ? ` · ${candidate.skills.map((s) => s.name).join(', ')}` : ''}
          </Typography.Text>
          <Rates candidate={candidate} rateVisibility={rateVisibility} />
          <Collapse
            size="small"
            ghost
            items={[
              {
                key: 'factors',
                label: 'Why this score',
                children: (
                  <ul aria-label="Fit score factors" style={{ margin: 0, paddingLeft: 18 }}>
                    {candidate.factors.map((factor) => (
                      <li key={factor.name}>
                        <strong>
                          {factor.points}/{factor.max}
                        </strong>{' '}
                        {factor.name}: {factor.reason}
                      </li>
                    ))}
                  </ul>
                ),
              },
            ]}
          />
          {!candidate.selectable && candidate.notSelectableReason ? (
            <Typography.Text type="danger" role="note">
              Not selectable: {candidate.notSelectableReason}
            </Typography.Text>
          ) : null}
        </Flex>
        {onSelect ? (
          <Button
            type="primary"
            disabled={!candidate.selectable}
            loading={assigning}
            onClick={() => onSelect(candidate)}
            aria-label={`Assign ${name}`}
          >
            Assign
          </Button>
        ) : null}
      </Flex>
    </Card>
  );
}
