import { ROLE, type Episode } from '@carelane/shared-domain';
import {
  aliasedFieldErrors,
  availableActions,
  formAccess,
  formOrganizationId,
  newPatientDisabled,
  NEW_FREQUENCY,
  STAFF_PICKER_ROLES,
  statusNotice,
  toBody,
  toForm,
  type EpisodeFormValues,
} from './episode-form-model';

const episode: Episode = {
  id: 42,
  referralSourceId: 3,
  referralSource: { id: 3, name: 'Sunrise Home Health', phone: null, fax: null, email: null },
  episodeType: 'Shift',
  title: 'Night shifts',
  description: 'Two nurses a night',
  notes: 'Gate code 1234',
  status: 'Draft',
  startDate: '2026-12-01',
  endDate: '2026-12-31',
  patientId: 7,
  patientName: 'Pat Doe',
  physicianId: 8,
  facilityId: 9,
  insuranceIds: [1, 2],
  externalInsuranceId: 'EXT-1',
  payor: 'Medicare',
  authorizedVisits: 12,
  language: 'Spanish',
  visitTypeIds: [400],
  providerTypeIds: [1],
  frequencies: [{ visitTypeId: 400, perWeek: 3, weeks: 4 }],
  contactIds: [11],
  patientContactIds: [12],
  caseManagerId: 13,
  careCoordinatorId: 21,
  customerCareCoordinatorId: 22,
  vendorManagerId: 23,
  preferences: { gender: 'F', languages: ['Spanish'], skills: ['IV therapy'] },
  enableNotesWorkflow: true,
  visitRate: { isHourly: true, bonus: 5.25, referralSourceBonus: 2.5, duration: 480, fixedRate: 96.8 },
  publishedAt: null,
  archiveReason: null,
  archivedAt: null,
  createdBy: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  version: 4,
  careTeamTopicId: null,
};

/** What toBody sends back of an episode: its input fields (the organization only when creating). */
const inputOf = (e: Episode) => ({
  episodeType: e.episodeType,
  title: e.title,
  description: e.description,
  notes: e.notes,
  startDate: e.startDate,
  endDate: e.endDate,
  patientId: e.patientId,
  physicianId: e.physicianId,
  facilityId: e.facilityId,
  insuranceIds: e.insuranceIds,
  externalInsuranceId: e.externalInsuranceId,
  payor: e.payor,
  authorizedVisits: e.authorizedVisits,
  language: e.language,
  visitTypeIds: e.visitTypeIds,
  providerTypeIds: e.providerTypeIds,
  frequencies: e.frequencies,
  contactIds: e.contactIds,
  patientContactIds: e.patientContactIds,
  caseManagerId: e.caseManagerId,
  careCoordinatorId: e.careCoordinatorId,
  customerCareCoordinatorId: e.customerCareCoordinatorId,
  vendorManagerId: e.vendorManagerId,
  preferences: e.preferences,
  enableNotesWorkflow: e.enableNotesWorkflow,
  visitRate: e.visitRate,
});

const today = new Date(2026, 10, 28);

describe('episode form model', () => {
  describe('toForm', () => {
    it('reads a saved request into form names, dates as local dates and money in dollars', () => {
      const values = toForm(episode, undefined);
      expect(values).toMatchObject({
        referralSourceId: 3,
        episodeType: 'Shift',
        title: 'Night shifts',
        patientId: 7,
        genderPreference: 'F',
        languages: ['Spanish'],
        skills: ['IV therapy'],
        enableNotesWorkflow: true,
        rateIsHourly: true,
        rateBonus: 5.25,
        rateReferralSourceBonus: 2.5,
        rateDuration: 480,
        rateFixedRate: 96.8,
        careCoordinatorId: 21,
        customerCareCoordinatorId: 22,
        vendorManagerId: 23,
      });
      expect(values.startDate).toEqual(new Date(2026, 11, 1));
      expect(values.endDate).toEqual(new Date(2026, 11, 31));
    });

    it("keeps a saved request's own patient (even none) over the page's patientId", () => {
      expect(toForm(episode, 99).patientId).toBe(7);
      expect(toForm({ ...episode, patientId: null }, 99).patientId).toBeNull();
    });

    it('starts a new request today, as a visit request in English, for the given patient', () => {
      const values = toForm(null, 5, today);
      expect(values).toEqual({
        referralSourceId: undefined,
        episodeType: 'Visit',
        title: '',
        description: '',
        notes: '',
        startDate: today,
        endDate: null,
        patientId: 5,
        physicianId: null,
        facilityId: null,
        insuranceIds: [],
        externalInsuranceId: null,
        payor: null,
        authorizedVisits: null,
        language: 'English',
        visitTypeIds: [],
        providerTypeIds: [],
        frequencies: [],
        contactIds: [],
        patientContactIds: [],
        caseManagerId: null,
        careCoordinatorId: null,
        customerCareCoordinatorId: null,
        vendorManagerId: null,
        genderPreference: null,
        languages: [],
        skills: [],
        enableNotesWorkflow: false,
        rateIsHourly: false,
        rateBonus: null,
        rateReferralSourceBonus: null,
        rateDuration: null,
        rateFixedRate: null,
      });
      expect(toForm(null, undefined, today).patientId).toBeNull();
    });

    it('defaults a new request to today when no date is given', () => {
      const before = Date.now();
      const start = toForm(null, undefined).startDate!;
      expect(start.getTime()).toBeGreaterThanOrEqual(before);
      expect(start.getTime()).toBeLessThanOrEqual(Date.now());
    });

    it('reads empty preferences and rates ({} from the API) as blanks, and an unknown type as Visit', () => {
      const values = toForm({ ...episode, episodeType: 'Other', preferences: {}, visitRate: {} }, undefined);
      expect(values).toMatchObject({
        episodeType: 'Visit',
        genderPreference: null,
        languages: [],
        skills: [],
        rateIsHourly: false,
        rateBonus: null,
        rateReferralSourceBonus: null,
        rateDuration: null,
        rateFixedRate: null,
      });
    });
  });

  describe('toBody', () => {
    it('round-trips a saved request: the body staff send is its input fields', () => {
      expect(toBody(toForm(episode, undefined), true, false)).toEqual(inputOf(episode));
    });

    it('round-trips empty preferences and rates as explicit blanks', () => {
      const bare = { ...episode, preferences: {}, visitRate: {} };
      expect(toBody(toForm(bare, undefined), true, false)).toMatchObject({
        preferences: { gender: null, languages: [], skills: [] },
        visitRate: {
          isHourly: false,
          bonus: null,
          referralSourceBonus: null,
          duration: null,
          fixedRate: null,
        },
      });
    });

    it('sends money as the dollars entered, cents and all, never rounded or scaled', () => {
      const values = {
        ...toForm(episode, undefined),
        rateFixedRate: 45.99,
        rateBonus: 0.1,
        rateReferralSourceBonus: 0,
      };
      expect(toBody(values, true, false).visitRate).toEqual({
        isHourly: true,
        bonus: 0.1,
        referralSourceBonus: 0,
        duration: 480,
        fixedRate: 45.99,
      });
    });

    it('sends dates as ISO calendar dates, a blank end date as null', () => {
      const values = {
        ...toForm(null, undefined, today),
        startDate: new Date(2027, 0, 5, 23, 30),
        endDate: null,
      };
      expect(toBody(values, true, true)).toMatchObject({ startDate: '2027-01-05', endDate: null });
    });

    it('sends the organization only when staff create a request', () => {
      const values = { ...toForm(null, undefined, today), referralSourceId: 3 };
      expect(toBody(values, true, true).referralSourceId).toBe(3);
      expect(toBody(values, true, false)).not.toHaveProperty('referralSourceId');
      expect(toBody(values, false, true)).not.toHaveProperty('referralSourceId');
    });

    it('sends the coordinators only for staff', () => {
      const values = toForm(episode, undefined);
      const body = toBody(values, false, false);
      expect(body).not.toHaveProperty('careCoordinatorId');
      expect(body).not.toHaveProperty('customerCareCoordinatorId');
      expect(body).not.toHaveProperty('vendorManagerId');
      expect(toBody(values, true, false)).toMatchObject({
        careCoordinatorId: 21,
        customerCareCoordinatorId: 22,
        vendorManagerId: 23,
      });
    });

    it('drops the facility of a visit request', () => {
      const values = toForm(episode, undefined);
      expect(toBody(values, true, false).facilityId).toBe(9);
      expect(toBody({ ...values, episodeType: 'Visit' }, true, false).facilityId).toBeNull();
    });

    it('trims text, sends blank text as null and a blank language as English', () => {
      const values: EpisodeFormValues = {
        ...toForm(episode, undefined),
        externalInsuranceId: '  EXT-2  ',
        payor: '   ',
        language: ' ',
      };
      expect(toBody(values, true, false)).toMatchObject({
        externalInsuranceId: 'EXT-2',
        payor: null,
        language: 'English',
      });
      expect(toBody({ ...values, language: ' French ' }, true, false).language).toBe('French');
    });

    it('fills what an untouched form leaves undefined', () => {
      const sparse = { episodeType: 'Visit', title: 'T', startDate: today } as unknown as EpisodeFormValues;
      expect(toBody(sparse, true, false)).toEqual({
        episodeType: 'Visit',
        title: 'T',
        description: '',
        notes: '',
        startDate: '2026-11-28',
        endDate: null,
        patientId: null,
        physicianId: null,
        facilityId: null,
        insuranceIds: [],
        externalInsuranceId: null,
        payor: null,
        authorizedVisits: null,
        language: 'English',
        visitTypeIds: [],
        providerTypeIds: [],
        frequencies: [],
        contactIds: [],
        patientContactIds: [],
        caseManagerId: null,
        careCoordinatorId: null,
        customerCareCoordinatorId: null,
        vendorManagerId: null,
        preferences: { gender: null, languages: [], skills: [] },
        enableNotesWorkflow: false,
        visitRate: {
          isHourly: false,
          bonus: null,
          referralSourceBonus: null,
          duration: null,
          fixedRate: null,
        },
      });
    });
  });

  it('puts server errors of nested fields on their form fields, and ignores the rest', () => {
    const error = {
      fieldErrors: [
        { field: 'visitRate.fixedRate', message: 'cannot be negative' },
        { field: 'preferences.gender', message: 'is invalid' },
        { field: 'title', message: 'is required' },
      ],
    };
    expect(aliasedFieldErrors(error)).toEqual([
      { name: 'rateFixedRate', errors: ['cannot be negative'] },
      { name: 'genderPreference', errors: ['is invalid'] },
    ]);
    expect(aliasedFieldErrors(new Error('network'))).toEqual([]);
    expect(aliasedFieldErrors(null)).toEqual([]);
  });

  it("offers the request's organization, else the one staff picked, else the user's own", () => {
    expect(formOrganizationId(episode, true, 5, null)).toBe(3);
    expect(formOrganizationId(null, true, 5, 8)).toBe(5);
    expect(formOrganizationId(null, true, undefined, 8)).toBeUndefined();
    expect(formOrganizationId(null, false, 5, 8)).toBe(8);
    expect(formOrganizationId(null, false, undefined, null)).toBeUndefined();
  });

  it('is editable while Draft, Active or Hold, and read-only without the write privilege', () => {
    expect(formAccess(null, true)).toEqual({ editable: true, readOnly: false });
    expect(formAccess({ status: 'Hold' }, true)).toEqual({ editable: true, readOnly: false });
    expect(formAccess({ status: 'Completed' }, true)).toEqual({ editable: false, readOnly: true });
    expect(formAccess({ status: 'Draft' }, false)).toEqual({ editable: true, readOnly: true });
    expect(newPatientDisabled(false, true, undefined)).toBe(true);
    expect(newPatientDisabled(false, true, 3)).toBe(false);
    expect(newPatientDisabled(false, false, undefined)).toBe(false);
    expect(newPatientDisabled(true, false, 3)).toBe(true);
  });

  it('says why a request can no longer be changed', () => {
    const archived = {
      status: 'Archived' as const,
      archivedAt: '2026-11-02T12:00:00.000Z',
      archiveReason: 'Duplicate',
    };
    expect(statusNotice(archived, false)).toBe('Archived on 11/2/2026: Duplicate.');
    expect(statusNotice({ ...archived, archivedAt: null, archiveReason: null }, false)).toBe(
      'Archived: no reason given.',
    );
    expect(statusNotice({ ...archived, status: 'Completed' }, false)).toBe(
      'This service request is Completed; it can no longer be changed.',
    );
    expect(statusNotice({ ...archived, status: 'Draft' }, true)).toBeNull();
    expect(statusNotice(null, true)).toBeNull();
  });

  it('offers the status actions of the status, in button order', () => {
    expect(availableActions(null)).toEqual([]);
    expect(availableActions({ status: 'Draft' })).toEqual(['publish', 'archive', 'delete']);
    expect(availableActions({ status: 'Active' })).toEqual(['hold', 'complete', 'archive', 'delete']);
    expect(availableActions({ status: 'Completed' })).toEqual(['archive']);
    expect(availableActions({ status: 'Archived' })).toEqual([]);
  });

  it('picks coordinators among the roles of SPEC §6, and adds frequency rows of once a week for a week', () => {
    expect(STAFF_PICKER_ROLES).toEqual({
      careCoordinatorId: ROLE.CARE_COORDINATOR,
      customerCareCoordinatorId: ROLE.CUSTOMER_CARE_COORDINATOR,
      vendorManagerId: ROLE.CLINICIAN_MANAGER,
    });
    expect(STAFF_PICKER_ROLES).toEqual({
      careCoordinatorId: 5,
      customerCareCoordinatorId: 6,
      vendorManagerId: 13,
    });
    expect(NEW_FREQUENCY).toEqual({ perWeek: 1, weeks: 1 });
  });
});
