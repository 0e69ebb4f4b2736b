// /nachaFile (issue 13): billing staff export clinicians' Ready For Export pay as a NACHA (ACH PPD credit) file.
// The list is the pay list, Ready For Export only, filtered in the URL (clinician, dates of service: −30 to +30
// days, at most 180). A payment that cannot be exported (no rate, or its clinician has no bank account) cannot
// be chosen and says why. "Export" asks for the effective date (tomorrow by default) and confirms the count and
// the sum of the chosen pay (a preview: the file nets fines and payable adjustments per clinician; the server
// answers the file's own total). The server validates the file before releasing it; a payment exported
// meanwhile (409) refreshes the list; refused payments (400) are listed.
import {
  formatCents,
  isoDateSchema,
  PROVIDER_PAYMENTS_MAX_DAYS,
  sumCents,
  type NachaFile,
  type ProviderPay,
} from '@carelane/shared-domain';
import { isApiCallError, publishErrorToast, publishToast, useUrlState } from '@carelane/shared-session';
import {
  DataTable,
  DateInput,
  DateRangeFilter,
  failureText,
  isoDay,
  listFilterFields,
  ListResults,
  PageFrame,
  rangeOf,
  VISUALLY_HIDDEN,
  useBusy,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Flex, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { z } from 'zod';
import { forWhomOn, showDay } from '../common/billing-dates';
import { ClinicianPicker } from '../common/ClinicianPicker';
import { PriceBreakdown } from '../common/PriceBreakdown';
import { payQueries, type PayFilters } from '../provider-payments/pay-queries';
import { payDates } from '../provider-payments/ProviderPaymentsPage';
import {
  exportable,
  fetchAllExportable,
  nachaCalls,
  refreshAfterExport,
  SELECT_ALL_CAP,
} from './nacha-queries';
import { NachaFiles } from './NachaFiles';

const filtersSchema = z.object({
  pageNumber: listFilterFields.pageNumber,
  pageSize: listFilterFields.pageSize,
  providerId: z.coerce.number().int().positive().optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});

const count = new Intl.NumberFormat('en-US');
const payments = (n: number) => `${count.format(n)} ${n === 1 ? 'payment' : 'payments'}`;

/** Why a row cannot be exported, or null when it can. */
export function notExportableReason(row: ProviderPay): string | null {
  if (row.problem) return `Cannot be paid yet: ${row.problem}`;
  if (!row.hasBankAccount) return `${row.clinicianName} has no bank account`;
  return null;
}

type Outcome =
  | { kind: 'released'; message: string; file: NachaFile }
  | { kind: 'conflict'; text: string }
  | { kind: 'refused'; text: string; items: string[] };

type ExportableFilters = Parameters<typeof fetchAllExportable>[0];

/** The chosen payments, kept across pages, and "Select all matching". */
function usePaySelection(base: ExportableFilters) {
  const [selected, setSelected] = useState<ReadonlyMap<number, ProviderPay>>(new Map());
  const [selectNote, setSelectNote] = useState('');
  const [selectingAll, setSelectingAll] = useState(false);

  const toggle = (row: ProviderPay, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(row.visitId, row);
      else next.delete(row.visitId);
      return next;
    });
  const clear = () => {
    setSelected(new Map());
    setSelectNote('');
  };

  const selectAllMatching = async () => {
    setSelectingAll(true);
    setSelectNote('Selecting every payment that matches…');
    try {
      const all = await fetchAllExportable(base);
      setSelected(new Map(all.rows.map((row) => [row.visitId, row])));
      const notes = [`${payments(all.rows.length)} selected.`];
      if (all.capped)
        notes.push(
          `At most ${count.format(SELECT_ALL_CAP)} are selected at once: export these, then select the rest.`,
        );
      if (all.skipped) notes.push(`${payments(all.skipped)} cannot be exported and were left out.`);
      setSelectNote(notes.join(' '));
    } catch (error) {
      setSelectNote('');
      publishErrorToast(failureText(error, 'the payments', 'selected'));
    } finally {
      setSelectingAll(false);
    }
  };

  return { selected, selectNote, selectingAll, toggle, clear, selectAllMatching };
}

/** The server's refusals of a release, each naming the visit (by its index in `chosen`) or the field. */
function refusedItems(
  fieldErrors: ReadonlyArray<{ field: string; message: string }>,
  chosen: readonly ProviderPay[],
): string[] {
  return fieldErrors.map((item) => {
    const index = /^visitIds\.(\d+)$/.exec(item.field);
    const row = index ? chosen[Number(index[1])] : undefined;
    return row
      ? `Visit ${row.visitId} (${row.clinicianName}, ${showDay(row.dateOfService)}): ${item.message}`
      : `${item.field === 'effectiveDate' ? 'Effective date' : item.field}: ${item.message}`;
  });
}

/** Releasing the chosen pay as a NACHA file, after the user confirms it, and what came of it. */
function useNachaRelease(chosen: readonly ProviderPay[], effectiveDate: Date | null, clear: () => void) {
  const { modal } = App.useApp();
  const { busy: exporting, run } = useBusy();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const chosenCents = sumCents(chosen.map((row) => row.amountCents));

  const release = () =>
    run(async () => {
      const visitIds = chosen.map((row) => row.visitId);
      setOutcome(null);
      try {
        const result = await nachaCalls.release({ visitIds, effectiveDate: isoDay(effectiveDate!) });
        publishToast(result.message);
        setOutcome({ kind: 'released', message: result.message, file: result.file });
        clear();
      } catch (error) {
        const text = failureText(error, 'the NACHA file', 'released', { id: '' });
        if (isApiCallError(error) && error.status === 409) {
          // Some were exported meanwhile (another tab, another user): the list is read again, the choice cleared.
          setOutcome({ kind: 'conflict', text });
          clear();
        } else if (isApiCallError(error) && error.fieldErrors.length) {
          const items = refusedItems(error.fieldErrors, chosen);
          setOutcome({ kind: 'refused', text: 'Sorry, the NACHA file could not be released:', items });
        } else setOutcome({ kind: 'conflict', text });
        publishErrorToast(text);
      } finally {
        refreshAfterExport();
      }
    });

  const confirmExport = () => {
    if (!effectiveDate) return;
    modal.confirm({
      title: `Export ${payments(chosen.length)}?`,
      content: (
        <Flex vertical gap={8}>
          <span>{`The pay chosen adds up to ${formatCents(chosenCents)}, credited to the clinicians' bank accounts on ${showDay(isoDay(effectiveDate))}.`}</span>
          <span>
            Each clinician's Active fines and applied payable adjustments are settled in the same file, so the
            file's total may differ. The payments are marked Exported and are never exported again.
          </span>
        </Flex>
      ),
      okText: 'Export',
      onOk: () => void release(),
    });
  };

  return { exporting, outcome, setOutcome, confirmExport };
}

function payColumns(
  rows: readonly ProviderPay[],
  selected: ReadonlyMap<number, ProviderPay>,
  toggle: (row: ProviderPay, on: boolean) => void,
): TableColumnsType<ProviderPay> {
  const selectableOnPage = rows.filter(exportable);
  const allOnPage = selectableOnPage.length > 0 && selectableOnPage.every((row) => selected.has(row.visitId));
  return [
    {
      key: 'select',
      width: 40,
      title: (
        <Checkbox
          aria-label="Select every payment of this page that can be exported"
          checked={allOnPage}
          disabled={!selectableOnPage.length}
          indeterminate={!allOnPage && selectableOnPage.some((row) => selected.has(row.visitId))}
          onChange={(event) => selectableOnPage.forEach((row) => toggle(row, event.target.checked))}
        />
      ),
      render: (_v, row) =>
        exportable(row) ? (
          <Checkbox
            aria-label={`Select the pay of ${row.clinicianName} for ${forWhomOn(row.patientName, row.dateOfService)}`}
            checked={selected.has(row.visitId)}
            onChange={(event) => toggle(row, event.target.checked)}
          />
        ) : (
          <span style={VISUALLY_HIDDEN}>Cannot be selected</span>
        ),
    },
    { title: 'Date of service', key: 'date', render: (_v, row) => showDay(row.dateOfService) },
    { title: 'Clinician', key: 'clinician', render: (_v, row) => row.clinicianName },
    { title: 'Patient', key: 'patient', render: (_v, row) => row.patientName },
    { title: 'Organization', key: 'organization', render: (_v, row) => row.organizationName },
    { title: 'Visit type', key: 'visitType', render: (_v, row) => row.visitType },
    {
      title: 'Pay',
      key: 'amount',
      align: 'right',
      render: (_v, row) => (row.problem ? '—' : formatCents(row.amountCents)),
    },
    {
      title: 'Export',
      key: 'exportable',
      render: (_v, row) => {
        const reason = notExportableReason(row);
        return reason ? (
          <Typography.Text type="danger">{reason}</Typography.Text>
        ) : (
          <PriceBreakdown
            lines={row.breakdown}
            subject={`pay of ${row.clinicianName} on ${showDay(row.dateOfService)}`}
          />
        );
      },
    },
  ];
}

function OutcomeAlert({ outcome, onClose }: { outcome: Outcome | null; onClose: () => void }) {
  if (!outcome) return null;
  if (outcome.kind === 'released')
    return (
      <Alert
        type="success"
        showIcon
        closable
        onClose={onClose}
        style={{ marginBottom: 16 }}
        title={outcome.message}
        description={`${outcome.file.fileName}: ${payments(outcome.file.entryCount)} to clinicians, ${formatCents(outcome.file.totalCreditCents)}, effective ${showDay(outcome.file.effectiveDate)}. The file passed the NACHA checks; download it below.`}
      />
    );
  return (
    <Alert
      type="error"
      showIcon
      closable
      onClose={onClose}
      role="alert"
      style={{ marginBottom: 16 }}
      title={outcome.text}
      description={
        outcome.kind === 'refused' ? (
          <ul style={{ margin: 0, paddingLeft: 18 }}>
            {outcome.items.map((item, index) => (
              <li key={index}>{item}</li>
            ))}
          </ul>
        ) : (
          'The list was read again: choose the payments to export again.'
        )
      }
    />
  );
}

function ExportBar(props: {
  effectiveDate: Date | null;
  onEffectiveDate: (date: Date | null) => void;
  chosenCount: number;
  exporting: boolean;
  selectingAll: boolean;
  onExport: () => void;
  onSelectAll: () => void;
  onClear: () => void;
}) {
  const { effectiveDate, chosenCount } = props;
  return (
    <Flex gap={12} wrap align="end" style={{ marginBottom: 12 }}>
      <Flex vertical gap={4}>
        <label htmlFor="nacha-effective-date">Effective date</label>
        <DateInput
          id="nacha-effective-date"
          value={effectiveDate}
          onChange={props.onEffectiveDate}
          required
          style={{ width: 160 }}
        />
      </Flex>
      <Button
        type="primary"
        disabled={!chosenCount || !effectiveDate}
        loading={props.exporting}
        onClick={props.onExport}
      >
        {chosenCount ? `Export ${payments(chosenCount)}` : 'Export'}
      </Button>
      <Button onClick={props.onSelectAll} loading={props.selectingAll}>
        Select all matching
      </Button>
      <Button onClick={props.onClear} disabled={!chosenCount}>
        Clear selection
      </Button>
    </Flex>
  );
}

export default function NachaFilePage() {
  const [filters, setFilters] = useUrlState(filtersSchema);
  const dates = payDates(filters.from, filters.to);
  const base = { providerId: filters.providerId, ...dates };
  const asked: PayFilters = {
    status: 'ReadyForExport',
    ...base,
    pageNumber: filters.pageNumber,
    pageSize: filters.pageSize,
  };
  const pay = useQuery(payQueries.list(asked));
  const rows = pay.data?.rows ?? [];
  const { selected, selectNote, selectingAll, toggle, clear, selectAllMatching } = usePaySelection(base);
  const [effectiveDate, setEffectiveDate] = useState<Date | null>(() => dayjs().add(1, 'day').toDate());
  const chosen = [...selected.values()];
  const chosenCents = sumCents(chosen.map((row) => row.amountCents));
  const { exporting, outcome, setOutcome, confirmExport } = useNachaRelease(chosen, effectiveDate, clear);
  const answered = pay.data && !pay.isPlaceholderData ? pay.data : null;
  const rangeMoved =
    answered && (answered.startDate !== dates.startDate || answered.endDate !== dates.endDate);

  const changeFilters = (update: Parameters<typeof setFilters>[0]) => {
    clear();
    setFilters({ ...update, pageNumber: null });
  };

  return (
    <PageFrame
      title="NACHA bank payment file"
      subtitle="Export clinicians' Ready For Export pay as an ACH credit file for the bank"
    >
      <Flex gap={8} wrap align="start" style={{ marginBottom: 16 }} data-unsaved-ignore>
        <DateRangeFilter
          label="Date of service"
          value={rangeOf(dates)}
          maxDays={PROVIDER_PAYMENTS_MAX_DAYS}
          onChange={(next) => changeFilters({ from: isoDay(next.start), to: isoDay(next.end) })}
        />
        <ClinicianPicker
          aria-label="Clinician"
          placeholder="Every clinician"
          allowClear
          value={filters.providerId}
          selectedName={rows.find((row) => row.providerId === filters.providerId)?.clinicianName}
          onChange={(value?: number) => changeFilters({ providerId: value ?? null })}
          style={{ width: 260 }}
        />
      </Flex>
      {rangeMoved ? (
        <Typography.Paragraph type="secondary" role="status">
          {`Showing the pay for visits from ${showDay(answered.startDate)} to ${showDay(answered.endDate)}: the range the server used.`}
        </Typography.Paragraph>
      ) : null}
      <OutcomeAlert outcome={outcome} onClose={() => setOutcome(null)} />
      <ExportBar
        effectiveDate={effectiveDate}
        onEffectiveDate={setEffectiveDate}
        chosenCount={chosen.length}
        exporting={exporting}
        selectingAll={selectingAll}
        onExport={confirmExport}
        onSelectAll={() => void selectAllMatching()}
        onClear={clear}
      />
      <Typography.Paragraph role="status" style={{ minHeight: 22 }}>
        {chosen.length
          ? `${payments(chosen.length)} selected, ${formatCents(chosenCents)} in pay.`
          : 'No payment selected.'}
        {selectNote ? ` ${selectNote}` : ''}
      </Typography.Paragraph>
      <ListResults query={pay} thing="the payments to export">
        <DataTable<ProviderPay>
          ariaLabel="Ready For Export pay"
          rows={rows}
          totalCount={pay.data?.paging.totalCount ?? 0}
          pageNumber={filters.pageNumber}
          pageSize={filters.pageSize}
          loading={pay.isFetching}
          columns={payColumns(rows, selected, toggle)}
          rowKey="visitId"
          emptyText="No pay is ready for export in these dates."
          onPageChange={(pageNumber, pageSize) => setFilters({ pageNumber, pageSize })}
        />
      </ListResults>
      <NachaFiles />
    </PageFrame>
  );
}
