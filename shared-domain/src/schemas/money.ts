// Dollars people type into rate cards, clinicians' rates and a visit's rate terms (kept as numeric(12,2)). A value
// past the cent is refused, naming its field, rather than rounded by the database without a word (44.3449999 was
// saved as 44.34). Amounts the ledger keeps are whole cents already (positiveCentsSchema).
import { z } from 'zod';

export const WHOLE_CENTS_MESSAGE = 'must have at most 2 decimal places (whole cents)';

/**
 * True when the number has at most two decimals as it was written: its shortest text (what JSON carried, e.g.
 * 44.34 or 0.29) has 0–2 digits after the point. 44.3449999, 1.005 and 1e-7 have more.
 */
export const hasWholeCents = (value: number): boolean => /^-?\d+(\.\d{1,2})?$/.test(String(value));

/** An amount in dollars, to the cent; callers add their own bounds (`.min`, `.max`). */
export const dollarsSchema = z.number().refine(hasWholeCents, { error: WHOLE_CENTS_MESSAGE });
