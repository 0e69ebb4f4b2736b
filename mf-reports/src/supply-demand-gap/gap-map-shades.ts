// The county map's shading (decision 057), kept apart from the OpenLayers wiring so it is tested without a
// canvas: each county's shade step from shared-domain's gapShade, the colours of the steps and the legend.
import { gapShade, UNKNOWN_COUNTY, supplyDemandGap, type SupplyDemandRow } from '@carelane/shared-domain';

/** The fill of each shade step, light to dark (0: no gap). */
export const SHADE_COLORS = ['#f1f5f4', '#fde7c8', '#f9bf76', '#ec8a2f', '#b4530b'] as const;

/** Each county's shade step by its FIPS code (the unknown county is not on the map). */
export function countyShades(rows: readonly SupplyDemandRow[]): Map<string, number> {
  const mapped = rows.filter((r) => r.county !== UNKNOWN_COUNTY);
  const largest = Math.max(0, ...mapped.map((r) => supplyDemandGap(r.current)));
  return new Map(mapped.map((r) => [r.county, gapShade(supplyDemandGap(r.current), largest)]));
}

/** The legend's steps: its colour and the gaps it stands for ('No gap', '1–3', …). */
export function shadeLegend(
  rows: readonly SupplyDemandRow[],
): { shade: number; color: string; label: string }[] {
  const largest = Math.max(
    0,
    ...rows.filter((r) => r.county !== UNKNOWN_COUNTY).map((r) => supplyDemandGap(r.current)),
  );
  const steps: { shade: number; color: string; label: string }[] = [
    { shade: 0, color: SHADE_COLORS[0], label: 'No gap' },
  ];
  let from = 1;
  for (let shade = 1; shade <= 4 && largest > 0; shade++) {
    const to = Math.floor((largest * shade) / 4);
    if (to >= from)
      steps.push({ shade, color: SHADE_COLORS[shade]!, label: from === to ? `${to}` : `${from}–${to}` });
    from = Math.max(from, to + 1);
  }
  return steps;
}
