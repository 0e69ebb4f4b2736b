// The rules of a patient's fields, as the API words them: ISO date <-> the M/D/YYYY inputs, a birthday (a real
// date, not in the future, from 1900 on) and a phone (10 digits).
import { birthdayProblem, isValidPhone } from '@carelane/shared-domain';
import dayjs from 'dayjs';

export const isoOf = (date: Date | null | undefined): string | null =>
  date ? dayjs(date).format('YYYY-MM-DD') : null;
export const dateOf = (iso: string | null | undefined): Date | null => (iso ? dayjs(iso).toDate() : null);

/** What a typed date that is not one (2/30/1940, 13/1/2020) is reported as: a Date that is not a date. */
export const isUnreadableDate = (value: unknown): boolean =>
  value instanceof Date && Number.isNaN(value.getTime());

/** The form rule of a birthday (the API's rule): a real date, not in the future, from 1900 on. */
export const birthdayRule = {
  validator: (_rule: unknown, value: Date | null | undefined) => {
    // DateInput already says 'Enter a date as M/D/YYYY' under unreadable text.
    if (isUnreadableDate(value)) return Promise.reject(new Error(''));
    const problem = value ? birthdayProblem(isoOf(value)!) : null;
    return problem ? Promise.reject(new Error(`Birthday ${problem}.`)) : Promise.resolve();
  },
};

/** The form rule of a phone (the API's rule: 10 digits); PhoneInput shows its own message under the field. */
export const phoneRule = {
  validator: (_rule: unknown, value: string | null | undefined) =>
    value && value.trim() !== '' && !isValidPhone(value) ? Promise.reject(new Error('')) : Promise.resolve(),
};
