// How the candidate reports show their figures (the same text in the table, the chart's name and the CSV).
export const count = new Intl.NumberFormat('en-US');
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** A share (0..1) as a percent; — for none. */
export const rate = (share: number | null): string => (share === null ? '—' : percent.format(share));
/** A percent (0..100); — for none. */
export const percentText = (value: number | null): string => (value === null ? '—' : `${value.toFixed(1)} %`);
/** Hours with one decimal; — for none. */
export const hours = (value: number | null): string => (value === null ? '—' : value.toFixed(1));
/** This period against the prior one: '+3', '−1', '±0'. */
export function change(now: number, before: number): string {
  const delta = now - before;
  return `${delta > 0 ? '+' : delta < 0 ? '−' : '±'}${count.format(Math.abs(delta))}`;
}
