import {
  chooseTemplate,
  messageTemplatePreviewRequestSchema,
  messageTemplateUpdateSchema,
  renderTemplate,
  templateStateFor,
  unknownPlaceholderMessage,
  unknownPlaceholders,
  type TemplateTexts,
} from './message-templates';

const texts = (
  state: number,
  de: Partial<TemplateTexts> = {},
): TemplateTexts & { credentialState: number } => ({
  credentialState: state,
  emailSubject: `Subject ${state}`,
  emailMessage: `Email ${state}`,
  smsMessage: `SMS ${state}`,
  appMessage: `App ${state}`,
  emailSubjectDe: null,
  emailMessageDe: null,
  smsMessageDe: null,
  appMessageDe: null,
  ...de,
});

describe('message templates', () => {
  it('renders placeholders, tolerating spaces, and leaves unknown ones as written', () => {
    expect(
      renderTemplate('Hi {{givenName}}, {{ visitCount }} visits in {{city}} {{foo}}', {
        givenName: 'Maria',
        visitCount: 3,
        city: 'Austin',
      }),
    ).toBe('Hi Maria, 3 visits in Austin {{foo}}');
    expect(renderTemplate('no placeholders', {})).toBe('no placeholders');
  });

  it('names the unknown placeholders of a purpose once each', () => {
    expect(unknownPlaceholders('{{givenName}} {{foo}} {{foo}} {{ bar }}', 'broadcast')).toEqual([
      'foo',
      'bar',
    ]);
    expect(unknownPlaceholders('{{givenName}} {{link}}', 'broadcast')).toEqual([]);
    expect(unknownPlaceholderMessage('{{foo}}', 'broadcast')).toMatch(
      /^unknown placeholder \{\{foo\}\}; allowed: \{\{givenName\}\}, \{\{familyName\}\}/,
    );
  });

  it('chooses by credential state: 1, 3 and 5 their own, any other the uncredentialed one', () => {
    const all = [texts(1), texts(3), texts(5)];
    // a worked example per state
    expect(chooseTemplate(all, 1, 'en')?.smsMessage).toBe('SMS 1');
    expect(chooseTemplate(all, 3, 'en')?.emailSubject).toBe('Subject 3');
    expect(chooseTemplate(all, 5, 'en')?.appMessage).toBe('App 5');
    expect(chooseTemplate(all, 2, 'en')?.smsMessage).toBe('SMS 1');
    expect(chooseTemplate(all, 4, 'en')?.smsMessage).toBe('SMS 1');
    expect(templateStateFor(0)).toBe(1);
    expect(chooseTemplate([texts(3)], 1, 'en')).toBeNull();
  });

  it('uses the German text when there is one and falls back to English per text', () => {
    const all = [texts(3, { smsMessageDe: 'SMS drei', emailSubjectDe: '  ' })];
    const de = chooseTemplate(all, 3, 'de')!;
    expect(de.smsMessage).toBe('SMS drei');
    expect(de.emailSubject).toBe('Subject 3');
    expect(de.emailMessage).toBe('Email 3');
    expect(chooseTemplate(all, 3, 'en')!.smsMessage).toBe('SMS 3');
  });

  it('refuses an unknown placeholder on save naming the field, and a missing English text', () => {
    const base = {
      emailSubject: 'Visits for {{givenName}}',
      emailMessage: 'Hello',
      smsMessage: 'Hi {{foo}}',
      appMessage: 'App',
      smsMessageDe: 'Hallo {{bar}}',
      version: 0,
    };
    const r = messageTemplateUpdateSchema.safeParse(base);
    expect(r.success).toBe(false);
    const issues = r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues[0]).toMatch(/^smsMessage: unknown placeholder \{\{foo\}\}; allowed: \{\{givenName\}\}/);
    expect(issues[1]).toMatch(/^smsMessageDe: unknown placeholder \{\{bar\}\}/);
    const empty = messageTemplateUpdateSchema.safeParse({ ...base, smsMessage: ' ', smsMessageDe: '' });
    expect(empty.error!.issues.map((i) => i.path.join('.'))).toEqual(['smsMessage']);
    const ok = messageTemplateUpdateSchema.parse({ ...base, smsMessage: 'Hi', smsMessageDe: '' });
    expect(ok.smsMessageDe).toBeNull();
    expect(ok.emailMessageDe).toBeNull();
  });

  it('checks the preview request too', () => {
    expect(
      messageTemplatePreviewRequestSchema.safeParse({ purpose: 'broadcast', credentialState: 2 }).success,
    ).toBe(false);
    expect(
      messageTemplatePreviewRequestSchema.safeParse({
        purpose: 'broadcast',
        credentialState: 3,
        appMessage: '{{x}}',
      }).success,
    ).toBe(false);
    expect(
      messageTemplatePreviewRequestSchema.parse({ purpose: 'broadcast', credentialState: '5' }).language,
    ).toBe('en');
  });
});
