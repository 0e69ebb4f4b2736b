/** SPEC §8 fixed texts, verbatim (several deliberately end with a space). */
export const MESSAGES = {
  loginSuccessful: 'Login successful.',
  registrationSuccessful: 'Registration successful.',
  serviceRequestSaved: 'Service Request saved.',
  serviceRequestSavedAndNotified: 'Service Request saved. Notifications sent to all matching clinicians.',
  serviceRequestOnHold: 'Service Request has been put on hold.',
  serviceRequestDeleted: 'Service Request deleted.',
  clinicianSaved: 'Clinician saved.',
  userSaved: 'User information saved.',
  patientSaved: 'Patient information saved.',
  organizationSaved: 'Organization saved.',
  groupSaved: 'Group saved.',
  notesSaved: 'Notes saved.',
  notesCompleted: 'Notes completed.',
  notesReopened: 'Notes re-opened.',
  taskSaved: 'Task details saved.',
  taskDeleted: 'Task deleted.',
  fineContested: 'Fine contested.',
  fineRemoved: 'Fine removed.',
  paymentApplied: 'Payment applied.',
  adjustmentApplied: 'Adjustment applied.',
  paymentAdded: 'Payment added successfully.',
  assignmentSentToCollection: 'Assignment sent to collection successfully.',
  broadcastSent: 'Broadcast sent successfully.',
  invitationSent: 'Invitation sent successfully.',
  followUpTaskAdded: 'Follow-up task added.',
  nonCoverageReported: 'Non Coverage Reported successfully.',
  communicationNoteAdded: 'Communication note added successfully.',
  callLogAdded: 'Call log added successfully!',
  commentAdded: 'Comment added successfully!',
  categoryChanged: 'Category changed successfully!',
  noteAdded: 'Note added successfully!',
  assignmentsAcceptedByFacility: 'Selected assignment(s) marked as accepted by facility.',
  passwordUpdated: 'Password has been successfully updated.',
  resetLinkSent: 'A reset password link has been sent to your registered email.',
  emailVerified: 'Email Verified Successfully!',

  /** SPEC §8: "registration failure has no text". */
  registrationFailed: '',
  noteNotAutoSaved:
    "Note not auto-saved. Please try again and if error persists contact care coordinator. Please do NOT continue to enter notes as it won't be saved at this time.",
  /** The spec elides the rest ("Note not saved. …"); we complete it with the auto-save text's tail. */
  noteNotSaved:
    "Note not saved. Please try again and if error persists contact care coordinator. Please do NOT continue to enter notes as it won't be saved at this time.",
  notesNotSubmitted: 'Sorry, Notes could not be submitted.',
  notesNotReopened: 'Sorry, Notes could not be re-opened.',
  notesNotCompleted: 'Sorry, Notes could not be completed.',
  noVisitsForApproval: 'There is no visits for approval. ',
  visitsNotApproved: "The selected visits couldn't be marked as approved. ",
  emailVerificationFailed: 'Email Verification Failed! Please try again.',
  phoneVerificationFailed: 'Phone Number Verification Failed!',
  ratingsFailed: 'Failed to provide ratings. ',
  assignmentUpdateFailed: 'Assignment update failed!.',
  assignmentConfirmationFailed: 'Assignment confirmation failed!.',
  shiftConfirmationFailed: 'Shift confirmation failed!.',
  messagingNotRight: 'Something is not right with messaging. You may not receive messages on time.',
  offline: 'Please make sure you are online and then try again.',
  serverUnreachable: 'Server could not be reached. Please ensure you are online and then try again.',
  dynamicPageLoadingFailed: 'Dynamic page loading failed',
} as const;

export const LOGIN_FAILED_PREFIX = 'Sorry, login failed. ';
/** SPEC §5: the whole text of a refused login when privilege header.blockLogin is set. */
export const LOGIN_BLOCKED_MESSAGE = "Sorry, you don't have access to this.";
export const AUTHENTICATION_FAILED_PREFIX = 'Sorry, authentication failed. ';

export type ErrorTextOptions = { production?: boolean };

/** In production, texts that may leak internals (JSON parsing, SQL, cryptography) are not shown (SPEC §8). */
const INTERNAL_DETAIL_PATTERN = /json|sql|crypt/i;

function nonEmptyText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function joinTexts(items: readonly unknown[], textOf: (item: unknown) => string | null): string | null {
  const texts = items.map(textOf).filter((text): text is string => text !== null);
  return texts.length > 0 ? texts.join(', ') : null;
}

function rawServerErrorText(body: unknown): string {
  if (typeof body === 'string') return body;
  if (typeof body !== 'object' || body === null) return '';
  const { error, message, errors } = body as { error?: unknown; message?: unknown; errors?: unknown };
  return (
    nonEmptyText(error) ??
    (Array.isArray(message) ? joinTexts(message, nonEmptyText) : nonEmptyText(message)) ??
    (Array.isArray(errors)
      ? joinTexts(errors, (item) =>
          typeof item === 'object' && item !== null
            ? nonEmptyText((item as { message?: unknown }).message)
            : nonEmptyText(item),
        )
      : null) ??
    ''
  );
}

/**
 * The server's error text from a failed call's body: its `error` text, else its `message` (a text or
 * a list of texts), else its `errors` list (texts or objects with a `message`), lists joined with ', '.
 */
export function serverErrorText(body: unknown, options: ErrorTextOptions = {}): string {
  const text = rawServerErrorText(body);
  return options.production && INTERNAL_DETAIL_PATTERN.test(text) ? '' : text;
}

/** SPEC §8: 'Sorry, {thing} could not be {action}. ' followed by the server's error text. */
export function buildErrorText(
  thing: string,
  action: string,
  body: unknown,
  options: ErrorTextOptions = {},
): string {
  return `Sorry, ${thing} could not be ${action}. ${serverErrorText(body, options)}`;
}

/** The text to show when a call failed without reaching the server; null when `error` is not that. */
export function networkErrorText(error: unknown): string | null {
  const message =
    typeof error === 'string'
      ? error
      : typeof error === 'object' && error !== null
        ? nonEmptyText((error as { message?: unknown }).message)
        : null;
  if (!message) return null;
  if (message.includes('Network request failed')) return MESSAGES.offline;
  if (message.toLowerCase().includes('failed to fetch')) return MESSAGES.serverUnreachable;
  return null;
}

/**
 * The text for a call that never reached the server: offline ('Network request failed'), else the error's own
 * network text, else the server could not be reached.
 */
export function unreachableText(error: unknown, online: boolean): string {
  if (!online) return MESSAGES.offline;
  return networkErrorText(error) ?? MESSAGES.serverUnreachable;
}
