// /candidatePageView's URL (the period, the page, the channels' sort and page, the open figure) and the button of
// a count that opens its records.
import { CANDIDATE_PAGES, isoDateSchema } from '@carelane/shared-domain';
import { Button } from 'antd';
import { z } from 'zod';
import { count } from './figures';

export const FIGURES = ['views', 'visitors', 'registrations'] as const;
export type Figure = (typeof FIGURES)[number];
export const FIGURE_NAMES: Record<Figure, string> = {
  views: 'Views',
  visitors: 'Unique visitors',
  registrations: 'Registrations',
};

export const pageViewUrlSchema = z.object({
  from: isoDateSchema.optional().catch(undefined),
  to: isoDateSchema.optional().catch(undefined),
  page: z.enum(CANDIDATE_PAGES).optional().catch(undefined),
  sort: z.enum(['label', 'views', 'visitors', 'withInvitation']).optional().catch(undefined),
  order: z.enum(['ascend', 'descend']).optional().catch(undefined),
  /** The open figure: which count, of which period, day or channel. */
  figure: z.enum(FIGURES).optional().catch(undefined),
  figurePeriod: z.enum(['prior']).optional().catch(undefined),
  day: isoDateSchema.optional().catch(undefined),
  channel: z.string().max(200).optional().catch(undefined),
  drillPage: z.coerce.number().int().min(1).optional().catch(undefined),
  channelPage: z.coerce.number().int().min(1).optional().catch(undefined),
});
export type PageViewUrl = z.output<typeof pageViewUrlSchema>;
export type SetPageViewUrl = (update: Partial<Record<keyof PageViewUrl, string | number | null>>) => void;

/** The button of a count that opens its records (0: no button). */
export function FigureButton({ value, label, onOpen }: { value: number; label: string; onOpen: () => void }) {
  return value > 0 ? (
    <Button type="link" size="small" aria-label={`${value} ${label}`} onClick={onOpen}>
      {count.format(value)}
    </Button>
  ) : (
    '0'
  );
}
