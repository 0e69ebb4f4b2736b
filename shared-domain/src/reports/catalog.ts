/**
 * The reports of the product (SPEC §2 "Reports", the dashboard and the non-coverage list besides), grouped for
 * `/reports`, each with the question it answers. Titles, page keys and whether a report is built come from the
 * deployment (each area's routes.json, published on the bus), so a report is named in one place.
 */
export type ReportCatalogGroup = {
  title: string;
  reports: readonly { path: string; answers: string }[];
};

export const REPORT_CATALOG: readonly ReportCatalogGroup[] = [
  {
    title: 'Staffing',
    reports: [
      {
        path: '/dashboard',
        answers: 'Are we staffing what we are asked for? The seven metrics against the prior period.',
      },
      { path: '/timetostaff', answers: 'How long staffing a visit takes, by provider type or organization.' },
      { path: '/noncoverages', answers: 'Which service requests and visits cannot be covered, and why.' },
      {
        path: '/operationsHealth',
        answers: 'Which organizations have open visits with no clinician near enough.',
      },
      { path: '/supplyDemandGap', answers: 'Where clinicians are short of the visits asked for, by county.' },
      { path: '/historicalChurn', answers: 'Clinicians and organizations won and lost, month by month.' },
    ],
  },
  {
    title: 'Organizations',
    reports: [
      {
        path: '/referralSourceHealth',
        answers: 'Which organizations we serve worst, with their rates against the prior period.',
      },
      { path: '/stateHealth', answers: 'How each state is staffed, worst first.' },
      {
        path: '/referralSourceFunnel',
        answers: 'How organizations move from first contact to regular requests.',
      },
      {
        path: '/referralSourceConversion',
        answers: 'Which organizations turn requests into staffed visits.',
      },
    ],
  },
  {
    title: 'Funnels',
    reports: [
      { path: '/patientFunnel', answers: 'How patients move from referral to care.' },
      { path: '/episodeFunnel', answers: 'How service requests move from draft to completed.' },
      { path: '/visitFunnel', answers: 'How visits move from requested to completed, and where they stop.' },
      {
        path: '/communicationFunnel',
        answers: 'How messages to clinicians turn into answers and assignments.',
      },
    ],
  },
  {
    title: 'Clinicians',
    reports: [
      {
        path: '/providerHealth',
        answers: 'Which clinicians need attention: rating, engagement, missed visits, late notes.',
      },
      { path: '/providerFunnel', answers: 'How clinicians move from invitation to their first visit.' },
      {
        path: '/candidateReport',
        answers: 'Where candidates are in the pipeline, from invitation to onboarded.',
      },
      { path: '/candidatePageView', answers: 'How the public candidate pages are visited.' },
      {
        path: '/goalTracker',
        answers: 'Care-plan goals met, in progress and not met, by patient and clinician.',
      },
      { path: '/userActivity', answers: 'Who signs in and works in Carelane, and who has gone quiet.' },
    ],
  },
  {
    title: 'Surveys',
    reports: [
      {
        path: '/csatscores',
        answers: 'How satisfied clinicians and organizations are: CSAT and NPS with their trend.',
      },
      { path: '/clinicianSurvey', answers: "Clinicians' answers to their survey, question by question." },
      {
        path: '/organizationSurvey',
        answers: "Organizations' answers to their survey, question by question.",
      },
    ],
  },
  {
    title: 'Billing',
    reports: [
      { path: '/unbilledvisits', answers: 'Which completed visits are not on an invoice yet.' },
      { path: '/unpaidvisits', answers: 'Which approved visits the clinicians are not paid for yet.' },
      { path: '/ARHealth', answers: 'What organizations owe, by age.' },
      { path: '/outpatientBilling', answers: 'Outpatient visits to bill.' },
      { path: '/adjustmentReport', answers: 'Invoice adjustments made.' },
      { path: '/pendingAdjustmentReport', answers: 'Adjustments not applied yet.' },
      { path: '/rebatereport', answers: 'Rebates owed to organizations.' },
    ],
  },
  {
    title: 'Your own',
    reports: [
      {
        path: '/genericReport',
        answers: 'Pick a subject, columns, filters and a grouping: a report of your own.',
      },
    ],
  },
];
