// The filters every report takes (decision 046's period, SPEC §9): the period (default the last 7 days, at most
// REPORT_MAX_DAYS), the organization (staff only: the server sets an organization user's) and the provider type,
// all in the URL, with the caption naming the prior period the figures are compared with. A report adds its own
// filters as children.
import { isoDateSchema, REPORT_MAX_DAYS, type ReportPeriod } from '@carelane/shared-domain';
import { DateRangeFilter, isoDay, lookupQueries, OrganizationFilter, rangeOf } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Flex, Select } from 'antd';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { showPeriod, urlPeriod } from '../dashboard/dashboard-filters';

const id = z.coerce.number().int().positive().optional();

/** The URL fields of the common filters; a report extends the object with its own. */
export const reportUrlShape = {
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  referralSourceId: id,
  providerTypeId: id,
};

export type ReportUrl = { from?: string; to?: string; referralSourceId?: number; providerTypeId?: number };

/** What a report sends for the common filters: the period, and the organization only for staff. */
export type ReportFilterValues = {
  from: string;
  to: string;
  referralSourceId?: number;
  providerTypeId?: number;
};

/** The period and prior period the URL asks for, and the filters to send. */
export function reportFiltersOf(url: ReportUrl, organizationUser: boolean) {
  const { period, prior } = urlPeriod(url);
  const filters: ReportFilterValues = {
    ...period,
    ...(organizationUser || !url.referralSourceId ? {} : { referralSourceId: url.referralSourceId }),
    ...(url.providerTypeId ? { providerTypeId: url.providerTypeId } : {}),
  };
  return { period, prior, filters };
}

/** The caption under a report's title: 'This period, compared with the prior period'. */
export const comparedCaption = (period: ReportPeriod, prior: ReportPeriod): string =>
  `${showPeriod(period)}, compared with ${showPeriod(prior)}`;

export function ProviderTypeFilter({
  value,
  onChange,
}: {
  value?: number;
  onChange: (id: number | null) => void;
}) {
  const query = useQuery(lookupQueries.providerTypes());
  return (
    <Select<number>
      aria-label="Provider type"
      placeholder="Any provider type"
      allowClear
      loading={query.isLoading}
      value={value}
      options={(query.data?.rows ?? []).map((row) => ({ value: row.id, label: row.type }))}
      onChange={(next?: number) => onChange(next ?? null)}
      style={{ width: 180 }}
    />
  );
}

export type ReportFiltersProps = {
  url: ReportUrl;
  period: ReportPeriod;
  organizationUser: boolean;
  /** False where the report's records belong to no organization (candidates): the filter is not offered. */
  byOrganization?: boolean;
  /** Writes filters to the URL (a cleared one as null). */
  onChange: (update: {
    from?: string;
    to?: string;
    referralSourceId?: number | null;
    providerTypeId?: number | null;
  }) => void;
  children?: ReactNode;
};

export function ReportFilters({
  url,
  period,
  organizationUser,
  byOrganization = true,
  onChange,
  children,
}: ReportFiltersProps) {
  return (
    <Flex gap={8} wrap align="start" style={{ marginBottom: 16 }} data-unsaved-ignore>
      <DateRangeFilter
        label="Period"
        value={rangeOf({ startDate: period.from, endDate: period.to })}
        maxDays={REPORT_MAX_DAYS}
        onChange={(range) => onChange({ from: isoDay(range.start), to: isoDay(range.end) })}
      />
      {organizationUser || !byOrganization ? null : (
        <OrganizationFilter
          organizationStatus="ALL"
          value={url.referralSourceId}
          onChange={(referralSourceId) => onChange({ referralSourceId })}
        />
      )}
      <ProviderTypeFilter
        value={url.providerTypeId}
        onChange={(providerTypeId) => onChange({ providerTypeId })}
      />
      {children}
    </Flex>
  );
}
