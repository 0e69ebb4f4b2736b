// Existing patients the draft's patient may be (SPEC §5 text similarity 0.9, twoStringDuplicatePercentage), each
// linked to their record and offered as "Use this patient".
import {
  duplicateCheckSchema,
  formatDate,
  type Extraction,
  type PossibleDuplicate,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { AreaLink } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Typography } from 'antd';

export type PossibleDuplicatesProps = {
  patient: NonNullable<Extraction['draft']['patient']>;
  /** The patient in use, if one was chosen. */
  chosen?: number;
  onUse: (patient: PossibleDuplicate) => void;
};

export function PossibleDuplicates({ patient, chosen, onUse }: PossibleDuplicatesProps) {
  const { firstName, lastName, birthday, phoneNumber1 } = patient;
  const check = useQuery({
    queryKey: ['assistantDuplicates', firstName, lastName, birthday, phoneNumber1],
    queryFn: () =>
      apiClient.post(
        '/api/admin/assistant/duplicates',
        { firstName, lastName, ...(birthday ? { birthday } : {}), ...(phoneNumber1 ? { phoneNumber1 } : {}) },
        duplicateCheckSchema,
      ),
    enabled: !!firstName && !!lastName,
  });
  if (!firstName || !lastName || !check.data) return null;
  if (!check.data.rows.length)
    return <Typography.Text type="secondary">No existing patient looks like this one.</Typography.Text>;
  return (
    <Alert
      type="warning"
      showIcon
      title="This patient may already exist"
      description={
        <ul aria-label="Possible duplicates" style={{ margin: 0, paddingLeft: 18 }}>
          {check.data.rows.map((row) => (
            <li key={row.id}>
              <Flex gap={8} align="center" wrap>
                <span>
                  <AreaLink to={`/patient?id=${row.id}`}>{`${row.firstName} ${row.lastName}`}</AreaLink>
                  {`, ${row.organizationName}${row.birthday ? `, born ${formatDate(row.birthday)}` : ''} — same ${row.matches.join(', ')}`}
                </span>
                {chosen === row.id ? (
                  <Typography.Text strong>In use</Typography.Text>
                ) : (
                  <Button
                    size="small"
                    aria-label={`Use this patient: ${row.firstName} ${row.lastName}`}
                    onClick={() => onUse(row)}
                  >
                    Use this patient
                  </Button>
                )}
              </Flex>
            </li>
          ))}
        </ul>
      }
    />
  );
}
