import { ApiCallError } from '@carelane/shared-session';
import { failureText, humanizeField } from './field-labels';

const refused = (errors: { field: string; message: string }[], text = 'x') =>
  new ApiCallError({
    kind: 'http',
    status: 400,
    code: 'VALIDATION',
    body: { errors },
    text,
    message: 'HTTP 400',
  });

describe('failure texts that name fields', () => {
  it('spells out a key the form has no label for', () => {
    expect(humanizeField('phoneNumber2')).toBe('Phone number 2');
    expect(humanizeField('patient.zipcode')).toBe('Zipcode');
    expect(humanizeField('rsOverrideAmount')).toBe('Rs override amount');
  });

  it("names each field error by the form's label ('' leaves the message alone)", () => {
    const error = refused([
      { field: 'phoneNumber2', message: 'must be a 10-digit phone number' },
      { field: 'rates', message: 'Fixed rate must be greater than zero' },
      { field: 'zipcode', message: 'must be a 5-digit ZIP code' },
    ]);
    expect(failureText(error, 'patient', 'saved', { phoneNumber2: 'Other phone', rates: '' })).toBe(
      'Sorry, patient could not be saved. Other phone: must be a 10-digit phone number, ' +
        'Fixed rate must be greater than zero, Zipcode: must be a 5-digit ZIP code',
    );
  });

  it('keeps the server text when there are no field errors, or when the client withheld it', () => {
    expect(failureText(refused([], 'Someone else changed it.'), 'patient', 'saved')).toBe(
      'Sorry, patient could not be saved. Someone else changed it.',
    );
    expect(failureText(refused([{ field: 'a', message: 'bad sql' }], ''), 'patient', 'saved')).toBe(
      'Sorry, patient could not be saved. ',
    );
  });
});
