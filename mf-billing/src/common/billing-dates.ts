// Calendar days as the billing API sends them ('YYYY-MM-DD', no time zone) and as people read them (M/D/YYYY).
import { formatDate } from '@carelane/shared-domain';
import { dayOf, isoDay } from '@carelane/shared-ui';

/** The API's 'YYYY-MM-DD' as M/D/YYYY (SPEC §5). */
export const showDay = (iso: string): string => formatDate(dayOf(iso));

/** Whom and when a line of billing is for: 'Doe, Jane on 6/4/2030', or 'the shift on 6/4/2030' (no patient). */
export const forWhomOn = (patientName: string, iso: string): string =>
  patientName.trim() ? `${patientName} on ${showDay(iso)}` : `the shift on ${showDay(iso)}`;

/** 'visit of Doe, Jane on 6/4/2030', or 'shift on 6/4/2030' for a shift without a patient. */
export const visitSubject = (patientName: string, iso: string): string =>
  patientName.trim() ? `visit of ${forWhomOn(patientName, iso)}` : `shift on ${showDay(iso)}`;

/** Today, as the API's 'YYYY-MM-DD'. */
export const today = (now: Date = new Date()): string => isoDay(now);
