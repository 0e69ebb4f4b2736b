import { describeEachDatabase } from '../../../test/harness';
import { freshPoint, makeEpisode, makeVisit, organizationId, visitRow } from '../matching/test-fixtures';

// Bulk approve and delete on /visits are staff work: the page offers them to staff only, and the server refuses
// organization users (8, 9, 12) even on their own organization's visits, changing nothing.
const ORGANIZATION_USERS = ['orgadmin@carelane.local', 'orguser@carelane.local', 'orgmanager@carelane.local'];

describeEachDatabase('organization users cannot approve or delete visits in bulk', (server) => {
  let sunrise = 0;
  let episode = { episodeId: 0, patientId: 0 };
  const point = freshPoint();

  beforeAll(async () => {
    sunrise = await organizationId(server());
    episode = await makeEpisode(server(), sunrise);
  });

  const ref = async (id: number) => ({ id, version: (await visitRow(server(), id)).version });

  it.each(ORGANIZATION_USERS)(
    '%s: approveVisits and deleteVisit answer 403 and change nothing',
    async (email) => {
      const token = await server().login(email);
      const base = { rsId: sunrise, ...episode, point };
      const approvalDue = await makeVisit(server(), { ...base, date: '2031-05-04', status: 'ApprovalDue' });
      const active = await makeVisit(server(), { ...base, date: '2031-05-05' });

      const approve = await server().request('POST', '/api/admin/approveVisits', {
        token,
        body: { visits: [await ref(approvalDue)] },
      });
      expect(approve.status).toBe(403);
      const remove = await server().request('POST', '/api/admin/deleteVisit', {
        token,
        body: { visits: [await ref(active)] },
      });
      expect(remove.status).toBe(403);

      expect((await visitRow(server(), approvalDue)).status).toBe('ApprovalDue');
      expect((await visitRow(server(), active)).status).toBe('Active');
    },
  );

  it('staff still approve and delete the same visits', async () => {
    const token = await server().login('coordinator@carelane.local');
    const base = { rsId: sunrise, ...episode, point };
    const approvalDue = await makeVisit(server(), { ...base, date: '2031-05-06', status: 'ApprovalDue' });
    const active = await makeVisit(server(), { ...base, date: '2031-05-07' });
    const approve = await server().request('POST', '/api/admin/approveVisits', {
      token,
      body: { visits: [await ref(approvalDue)] },
    });
    expect(approve.status).toBe(200);
    const remove = await server().request('POST', '/api/admin/deleteVisit', {
      token,
      body: { visits: [await ref(active)] },
    });
    expect(remove.status).toBe(200);
    expect((await visitRow(server(), active)).status).toBe('Deleted');
  });
});
