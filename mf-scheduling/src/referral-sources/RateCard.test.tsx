import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderPage } from '../common/test-kit';
import { RateCard } from './RateCard';

jest.setTimeout(120_000);

const rate = {
  id: 5,
  referralSourceId: 2,
  providerTypeId: 1,
  visitTypeId: 304,
  paymentType: 'FlatRate',
  serviceFee: null,
  specialServiceFee: null,
  incrementalServiceFee: null,
  amount: 120,
  specialRate: null,
  incrementalRate: null,
  profitMargin: 20,
  specialProfitMargin: null,
  incrementalProfitMargin: null,
  unit: '$/Visit',
  shiftBreakTimeInMins: null,
  durationLimit: null,
  billingIncrement: null,
  hourlyRateAfterLimit: 60,
  serviceTaxPercentage: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 4,
};

const route = (call: { method: string; url: URL }) => {
  if (call.method === 'GET' && call.url.pathname === '/api/admin/referralSources/2/rates')
    return jsonResponse({ rows: [rate] });
  if (call.method === 'PUT' && call.url.pathname === '/api/admin/referralSources/2/rates/5')
    return jsonResponse({ ...rate, version: 5 });
  return undefined;
};

describe('RateCard', () => {
  it('shows the organization its card read-only, with what one visit bills and pays', async () => {
    const page = renderPage(<RateCard referralSourceId={2} editable={false} />, {
      url: '/organizationOnboard',
      roleId: 8,
      referralSourceId: 2,
      route,
    });
    const table = await screen.findByRole('table', { name: 'Rate card' });
    expect(await within(table).findByText('1 visit: bills $120.00, pays $50.00')).toBeTruthy();
    // Our margin is not theirs to see.
    expect(within(table).queryByRole('columnheader', { name: 'Margin' })).toBeNull();
    expect(within(table).queryByText('$20.00')).toBeNull();
    expect(within(table).getByText('RN')).toBeTruthy();
    expect(within(table).getByText('RN Routine')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add rate' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    page.done();
  });

  it('lets staff edit a row with a worked example from the rate engine, saving with the version', async () => {
    const page = renderPage(<RateCard referralSourceId={2} editable />, {
      url: '/referralSource?id=2&tab=rates',
      route,
    });
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Rate card' });
    expect(within(table).getByRole('columnheader', { name: 'Margin' })).toBeTruthy();
    expect(await within(table).findByText('$20.00')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const example = await screen.findByRole('region', { name: 'Worked example' });
    expect(within(example).getByText('Worked example: 1 visit')).toBeTruthy();
    expect(within(example).getAllByText('$120.00').length).toBeGreaterThan(0);
    fireEvent.change(within(example).getByLabelText('Clinician rate'), { target: { value: '110' } });
    expect(await within(example).findByText('Fixed rate cannot be more than $100.00')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save rate' }));
    await waitFor(() => expect(page.toasts).toEqual(['Organization saved.']));
    const put = page.calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toMatchObject({
      providerTypeId: 1,
      visitTypeId: 304,
      paymentType: 'FlatRate',
      amount: 120,
      version: 4,
    });
    page.done();
  });
});
