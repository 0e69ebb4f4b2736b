import { AGING_BUCKET_LABELS, type ArHealth, type ArHealthCell } from '@carelane/shared-domain';
import { render, screen, waitFor } from '@testing-library/react';
import { AgingChart } from './AgingChart';
import { agingChartHeight, agingChartLabel, BUCKET_COLORS } from './aging-chart';
import { agingChartOption } from './AgingEChart';

const cell = (bucket: ArHealthCell['bucket'], balanceCents = 0): ArHealthCell => ({
  bucket,
  balanceCents,
  invoiceCount: balanceCents ? 1 : 0,
  firstIssuedOn: balanceCents ? '2030-04-01' : null,
  lastIssuedOn: balanceCents ? '2030-04-01' : null,
});
const row = (referralSourceId: number, organizationName: string, cents: number[]) => ({
  referralSourceId,
  organizationName,
  buckets: [
    cell('current', cents[0]),
    cell('1-30', cents[1]),
    cell('31-60', cents[2]),
    cell('61-90', cents[3]),
    cell('90+', cents[4]),
  ],
  totalCents: cents.reduce((a, b) => a + b, 0),
  invoiceCount: cents.filter(Boolean).length,
  firstIssuedOn: '2030-04-01',
  lastIssuedOn: '2030-04-01',
});
// Figures as the server sends them (the chart never adds them up itself).
const report: ArHealth = {
  asOf: '2030-06-30',
  rows: [
    row(3, 'Sunrise <Home> & Health', [400_000, 123_400, 0, 0, 697_500]),
    row(4, 'Lakeside Care', [1, 0, 2, 0, 0]),
  ],
  totals: {
    buckets: [
      cell('current', 400_001),
      cell('1-30', 123_400),
      cell('31-60', 2),
      cell('61-90'),
      cell('90+', 697_500),
    ],
    totalCents: 1_220_903,
    invoiceCount: 5,
  },
};

describe('the aging chart option', () => {
  const option = agingChartOption(report, agingChartLabel(report));
  const series = option.series as {
    name: string;
    data: number[];
    stack: string;
    itemStyle: { color: string };
  }[];

  it('stacks a series per bucket, labelled as the table is, with the cells in cents as the server sent them', () => {
    expect(series.map((s) => s.name)).toEqual(Object.values(AGING_BUCKET_LABELS));
    expect(series.map((s) => s.data)).toEqual([
      [400_000, 1],
      [123_400, 0],
      [0, 2],
      [0, 0],
      [697_500, 0],
    ]);
    expect(new Set(series.map((s) => s.stack)).size).toBe(1);
    expect(series.map((s) => s.itemStyle.color)).toEqual([...BUCKET_COLORS]);
    expect((option.yAxis as { data: string[] }).data).toEqual(['Sunrise <Home> & Health', 'Lakeside Care']);
  });

  it("turns echarts' aria on, named by the label that reads the totals", () => {
    expect(option.aria).toEqual({
      enabled: true,
      label: { enabled: true, description: agingChartLabel(report) },
      decal: { show: true },
    });
    expect(agingChartLabel(report)).toBe(
      'Receivables aging as of 2030-06-30, by organization: total $12,209.03 (Current $4,000.01, 1–30 days ' +
        '$1,234.00, 31–60 days $0.02, 61–90 days $0.00, Over 90 days $6,975.00) across 2 organizations',
    );
  });

  it('writes money with formatCents on the axis and in the tooltip, with the total the server sent', () => {
    const axisLabel = (option.xAxis as { axisLabel: { formatter: (v: number) => string } }).axisLabel;
    expect(axisLabel.formatter(200_000)).toBe('$2,000.00');
    const tooltip = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    const html = tooltip([{ dataIndex: 0 }, { dataIndex: 0 }]);
    expect(html).toContain('<b>Sunrise &lt;Home&gt; &amp; Health</b>');
    expect(html).toContain('Over 90 days: <b>$6,975.00</b>');
    expect(html).toContain('Total: <b>$12,209.00</b>');
    expect(tooltip([{ dataIndex: 1 }])).toContain('Total: <b>$0.03</b>');
  });
});

describe('AgingChart', () => {
  it('holds its place and name while echarts loads, then draws into one named image', async () => {
    render(<AgingChart report={report} />);
    const name = agingChartLabel(report);
    const placeholder = screen.getByRole('img', { name });
    expect(placeholder.style.height).toBe(`${agingChartHeight(report)}px`);
    expect(placeholder.querySelector('svg')).toBeNull();
    const svgTexts = (image: HTMLElement) =>
      [...image.querySelectorAll('svg text')].map((t) => t.textContent);
    const chart = await waitFor(() => {
      const image = screen.getByRole('img', { name });
      expect(svgTexts(image)).toEqual(
        expect.arrayContaining(['Sunrise <Home> & Health', 'Lakeside Care', '1–30 days']),
      );
      return image;
    });
    expect(screen.getAllByRole('img')).toHaveLength(1);
    expect(chart.style.height).toBe(`${agingChartHeight(report)}px`);
    for (const text of chart.querySelectorAll('svg text'))
      expect(['#262626', '#595959']).toContain(text.getAttribute('fill'));
  });
});
