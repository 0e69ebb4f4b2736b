// The intake assistant's reads (decision 069).
import type { DuplicateCheckInput } from '@carelane/shared-domain';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { patients, referralSources } from '../../../db/schema';
import { prefixPattern } from '../../../lib/like-pattern';
import { comparable, type Candidate } from './duplicates';

const CANDIDATES = 500;

/** Active patients sharing the last name's first two letters, the birthday or the phone: at most 500. */
export async function duplicateCandidates(ex: Executor, input: DuplicateCheckInput): Promise<Candidate[]> {
  const lastNameStart = comparable(input.lastName).slice(0, 2);
  const narrowed = [
    lastNameStart ? sql`lower(${patients.lastName}) like ${prefixPattern(lastNameStart)}` : undefined,
    input.birthday ? eq(patients.birthday, input.birthday) : undefined,
    input.phoneNumber1 ? eq(patients.phoneNumber1, input.phoneNumber1) : undefined,
    input.phoneNumber1 ? eq(patients.phoneNumber2, input.phoneNumber1) : undefined,
  ].filter((condition) => condition !== undefined);
  return ex
    .select({
      id: patients.id,
      firstName: patients.firstName,
      lastName: patients.lastName,
      birthday: patients.birthday,
      phoneNumber1: patients.phoneNumber1,
      phoneNumber2: patients.phoneNumber2,
      organizationName: referralSources.name,
    })
    .from(patients)
    .innerJoin(referralSources, eq(referralSources.id, patients.referralSourceId))
    .where(and(eq(patients.status, 'ACTIVE'), or(...narrowed)))
    .limit(CANDIDATES);
}
