import {
  AUTHENTICATION_FAILED_PREFIX,
  LOGIN_FAILED_PREFIX,
  MESSAGES,
  buildErrorText,
  networkErrorText,
  serverErrorText,
  unreachableText,
} from './errors';

describe('serverErrorText', () => {
  it('reads the error field of our API error shape', () => {
    const body = {
      statusCode: 409,
      code: 'CONFLICT',
      error: 'The email is already in use.',
      errors: [{ field: 'emailId', message: 'taken' }],
    };
    expect(serverErrorText(body)).toBe('The email is already in use.');
  });

  it('joins a message list with commas', () => {
    expect(serverErrorText({ message: ['name is required', 'phone is invalid'] })).toBe(
      'name is required, phone is invalid',
    );
  });

  it('reads a message text', () => {
    expect(serverErrorText({ message: 'Episode is locked' })).toBe('Episode is locked');
  });

  it('joins a nested errors list of texts and objects with commas', () => {
    expect(
      serverErrorText({ errors: [{ field: 'a', message: 'A is wrong' }, 'B is wrong', { field: 'c' }] }),
    ).toBe('A is wrong, B is wrong');
  });

  it('prefers error, then message, then errors', () => {
    expect(serverErrorText({ error: 'E', message: 'M', errors: ['X'] })).toBe('E');
    expect(serverErrorText({ error: '', message: 'M', errors: ['X'] })).toBe('M');
    expect(serverErrorText({ message: [], errors: ['X'] })).toBe('X');
  });

  it('uses a text body as it is and gives empty text for anything else', () => {
    expect(serverErrorText('Gateway timeout')).toBe('Gateway timeout');
    expect(serverErrorText(null)).toBe('');
    expect(serverErrorText(undefined)).toBe('');
    expect(serverErrorText(500)).toBe('');
    expect(serverErrorText({ statusCode: 500 })).toBe('');
  });

  it('reads the message of a thrown Error', () => {
    expect(serverErrorText(new Error('boom'))).toBe('boom');
  });

  it.each([
    'syntax error at or near SELECT in sql',
    'Unexpected token < in JSON at position 0',
    'bcrypt: invalid salt',
    'Decryption failed',
  ])('empties %p in production only', (text) => {
    expect(serverErrorText({ error: text }, { production: true })).toBe('');
    expect(serverErrorText({ error: text })).toBe(text);
  });

  it('keeps other texts in production', () => {
    expect(serverErrorText({ error: 'Patient not found' }, { production: true })).toBe('Patient not found');
  });
});

describe('buildErrorText', () => {
  it('prefixes the server text with the SPEC §8 sentence and its trailing space', () => {
    expect(buildErrorText('patient', 'saved', { error: 'Birthday is in the future' })).toBe(
      'Sorry, patient could not be saved. Birthday is in the future',
    );
    expect(buildErrorText('task', 'deleted', null)).toBe('Sorry, task could not be deleted. ');
  });

  it('scrubs the server text in production', () => {
    expect(
      buildErrorText(
        'clinician',
        'saved',
        { message: ['relation does not exist (sql)'] },
        { production: true },
      ),
    ).toBe('Sorry, clinician could not be saved. ');
  });

  it('has the login and authentication prefixes', () => {
    expect(LOGIN_FAILED_PREFIX).toBe('Sorry, login failed. ');
    expect(AUTHENTICATION_FAILED_PREFIX).toBe('Sorry, authentication failed. ');
  });
});

describe('networkErrorText', () => {
  it.each([
    [new TypeError('Network request failed'), 'Please make sure you are online and then try again.'],
    ['Network request failed', 'Please make sure you are online and then try again.'],
    [
      new TypeError('Failed to fetch'),
      'Server could not be reached. Please ensure you are online and then try again.',
    ],
    [
      { message: 'TypeError: failed to fetch' },
      'Server could not be reached. Please ensure you are online and then try again.',
    ],
  ])('%p shows %s', (error, text) => {
    expect(networkErrorText(error)).toBe(text);
  });

  it.each([new Error('Bad request'), null, undefined, 42, {}])('%p is not a network error', (error) => {
    expect(networkErrorText(error)).toBeNull();
  });
});

describe('unreachableText', () => {
  it('asks to come back online when the browser is offline, whatever the error says', () => {
    expect(unreachableText(new TypeError('Failed to fetch'), false)).toBe(
      'Please make sure you are online and then try again.',
    );
  });

  it("online, reads the error's network text, else says the server could not be reached", () => {
    expect(unreachableText(new TypeError('Network request failed'), true)).toBe(
      'Please make sure you are online and then try again.',
    );
    expect(unreachableText(new Error('Request timed out'), true)).toBe(
      'Server could not be reached. Please ensure you are online and then try again.',
    );
  });
});

describe('MESSAGES', () => {
  it.each([
    ['loginSuccessful', 'Login successful.'],
    ['registrationSuccessful', 'Registration successful.'],
    ['serviceRequestSaved', 'Service Request saved.'],
    [
      'serviceRequestSavedAndNotified',
      'Service Request saved. Notifications sent to all matching clinicians.',
    ],
    ['serviceRequestOnHold', 'Service Request has been put on hold.'],
    ['serviceRequestDeleted', 'Service Request deleted.'],
    ['clinicianSaved', 'Clinician saved.'],
    ['userSaved', 'User information saved.'],
    ['patientSaved', 'Patient information saved.'],
    ['organizationSaved', 'Organization saved.'],
    ['groupSaved', 'Group saved.'],
    ['notesSaved', 'Notes saved.'],
    ['notesCompleted', 'Notes completed.'],
    ['notesReopened', 'Notes re-opened.'],
    ['taskSaved', 'Task details saved.'],
    ['taskDeleted', 'Task deleted.'],
    ['fineContested', 'Fine contested.'],
    ['fineRemoved', 'Fine removed.'],
    ['paymentApplied', 'Payment applied.'],
    ['adjustmentApplied', 'Adjustment applied.'],
    ['paymentAdded', 'Payment added successfully.'],
    ['assignmentSentToCollection', 'Assignment sent to collection successfully.'],
    ['broadcastSent', 'Broadcast sent successfully.'],
    ['invitationSent', 'Invitation sent successfully.'],
    ['followUpTaskAdded', 'Follow-up task added.'],
    ['nonCoverageReported', 'Non Coverage Reported successfully.'],
    ['communicationNoteAdded', 'Communication note added successfully.'],
    ['callLogAdded', 'Call log added successfully!'],
    ['commentAdded', 'Comment added successfully!'],
    ['categoryChanged', 'Category changed successfully!'],
    ['noteAdded', 'Note added successfully!'],
    ['assignmentsAcceptedByFacility', 'Selected assignment(s) marked as accepted by facility.'],
    ['passwordUpdated', 'Password has been successfully updated.'],
    ['resetLinkSent', 'A reset password link has been sent to your registered email.'],
    ['emailVerified', 'Email Verified Successfully!'],
    ['registrationFailed', ''],
    [
      'noteNotAutoSaved',
      "Note not auto-saved. Please try again and if error persists contact care coordinator. Please do NOT continue to enter notes as it won't be saved at this time.",
    ],
    [
      'noteNotSaved',
      "Note not saved. Please try again and if error persists contact care coordinator. Please do NOT continue to enter notes as it won't be saved at this time.",
    ],
    ['notesNotSubmitted', 'Sorry, Notes could not be submitted.'],
    ['notesNotReopened', 'Sorry, Notes could not be re-opened.'],
    ['notesNotCompleted', 'Sorry, Notes could not be completed.'],
    ['noVisitsForApproval', 'There is no visits for approval. '],
    ['visitsNotApproved', "The selected visits couldn't be marked as approved. "],
    ['emailVerificationFailed', 'Email Verification Failed! Please try again.'],
    ['phoneVerificationFailed', 'Phone Number Verification Failed!'],
    ['ratingsFailed', 'Failed to provide ratings. '],
    ['assignmentUpdateFailed', 'Assignment update failed!.'],
    ['assignmentConfirmationFailed', 'Assignment confirmation failed!.'],
    ['shiftConfirmationFailed', 'Shift confirmation failed!.'],
    ['messagingNotRight', 'Something is not right with messaging. You may not receive messages on time.'],
    ['offline', 'Please make sure you are online and then try again.'],
    ['serverUnreachable', 'Server could not be reached. Please ensure you are online and then try again.'],
    ['dynamicPageLoadingFailed', 'Dynamic page loading failed'],
  ] as const)('%s is %p', (key, text) => {
    expect(MESSAGES[key]).toBe(text);
  });

  it('has no message the table above does not check', () => {
    expect(Object.keys(MESSAGES)).toHaveLength(53);
  });
});
