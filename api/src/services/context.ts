import type { PatientReadKind } from '@carelane/shared-domain';

/** Who is acting: the signed-in user behind a request, as the auth plugin resolved it. */
export interface Actor {
  userId: number;
  emailId: string;
  roleId: number;
  referralSourceId: number | null;
  /** Effective privileges: page key -> JSON text of options (role privileges merged with the user's). */
  privileges: Record<string, string>;
  sessionId: number;
  /** The real user when this session was made by switch user. */
  impersonatorId: number | null;
  changePassword: boolean;
}

/** What one answer carried of named patients' data (access-log.ts noteRead). */
export interface PatientRead {
  kind: PatientReadKind;
  entityId: string | number | null;
  patientIds: readonly number[];
}

export interface RequestContext {
  actor: Actor | null;
  ip: string | null;
  /** Set when the answer reads patient data: recorded in the audit log once the answer is sent. */
  read?: PatientRead;
}

export function requireActor(ctx: RequestContext): Actor {
  if (!ctx.actor) throw new Error('An authenticated actor is required here.');
  return ctx.actor;
}
