import { ROLE } from '@carelane/shared-domain';
import type { AreaDeployment } from '../deployment/remotes-file';
import { sessionOf } from '@carelane/shared-session/testing';
import { navigationFor } from './Navigation';

const area = (name: string, title: string, routes: [string, string[], boolean?][]): AreaDeployment => ({
  name,
  federationName: name.replace('-', '_'),
  title,
  description: '',
  manifest: `/remotes/${name}/mf-manifest.json`,
  routes: routes.map(([path, pages, menu = true]) => ({
    path,
    title: path,
    pages,
    menu,
    public: false,
    built: true,
  })),
});

const AREAS = [
  area('mf-billing', 'Billing', [
    ['/invoices', ['invoices', 'myInvoices']],
    ['/providerpayments', ['providerPayments']],
  ]),
  area('mf-scheduling', 'Scheduling', [
    ['/episodes', ['serviceRequest']],
    ['/episode', ['serviceRequestDetail'], false],
  ]),
];

const paths = (roleId: number) =>
  navigationFor(sessionOf(roleId), AREAS).map((group) => [
    group.title,
    group.routes.map((route) => route.path),
  ]);

describe('navigationFor', () => {
  it('lists only the menu pages the role may open, grouped by area, then administration', () => {
    expect(paths(ROLE.ADMINISTRATOR)).toEqual([
      ['Billing', ['/invoices', '/providerpayments']],
      ['Scheduling', ['/episodes']],
      ['Administration', ['/users', '/auditLogs', '/outbox', '/shortUrl']],
    ]);
    expect(paths(ROLE.CARE_COORDINATOR)).toEqual([['Scheduling', ['/episodes']]]);
    expect(paths(ROLE.ORGANIZATION_USER)).toEqual([
      ['Billing', ['/invoices']],
      ['Scheduling', ['/episodes']],
    ]);
    expect(paths(ROLE.CLINICIAN)).toEqual([]);
  });
});
