import { ROLE } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { choose, paging, renderPage, type RenderedPage } from '../page-test-kit/page-test-kit';
import { LOOKUP_STALE_TIME, lookupQueries } from './lookup-queries';
import { organizationFixture } from './organization-fixture';
import { OrganizationFilter, OrganizationPicker, useOrganizationName } from './OrganizationPicker';

jest.setTimeout(120_000);

const organization = organizationFixture;
const organizations = [organization(3, 'North Home Health'), organization(8, 'South Hospice')];

function answerOrganizations(statusSeen: string[]) {
  return ({ url }: { url: URL }) => {
    if (url.pathname !== '/api/admin/referralSources') return undefined;
    statusSeen.push(url.searchParams.get('status') ?? '');
    return jsonResponse({ rows: organizations, paging: paging(2, 1, 1000) });
  };
}

function FilterWithName({ status }: { status: 'ACTIVE' | 'ALL' }) {
  const [value, setValue] = useState<number | undefined>(undefined);
  const name = useOrganizationName(value, status);
  return (
    <>
      <OrganizationFilter
        organizationStatus={status}
        value={value}
        onChange={(next) => setValue(next ?? undefined)}
      />
      <p>Filtered by: {name ?? 'every organization'}</p>
    </>
  );
}

describe('the shared organization lookup', () => {
  let page: RenderedPage | undefined;
  afterEach(() => page?.done());

  it('keeps each status under one cache key, fresh for ten minutes', () => {
    expect(lookupQueries.organizations('ALL').queryKey).toEqual(['referralSource', 'lookup', 'ALL']);
    expect(lookupQueries.organizations('ACTIVE').queryKey).toEqual(['referralSource', 'lookup', 'ACTIVE']);
    expect(lookupQueries.organizations('ALL').staleTime).toBe(LOOKUP_STALE_TIME);
    expect(LOOKUP_STALE_TIME).toBe(600_000);
  });

  it('offers the organizations by name, narrowed as a name is typed', async () => {
    const statusSeen: string[] = [];
    page = renderPage(<OrganizationPicker aria-label="Organization" organizationStatus="ACTIVE" />, {
      url: '/notes',
      route: answerOrganizations(statusSeen),
    });
    const picker = await screen.findByRole('combobox', { name: 'Organization' });
    fireEvent.mouseDown(picker);
    expect(await screen.findByTitle('South Hospice')).toBeTruthy();
    fireEvent.change(picker, { target: { value: 'north' } });
    await waitFor(() => expect(screen.queryByTitle('South Hospice')).toBeNull());
    expect(screen.getByTitle('North Home Health')).toBeTruthy();
    expect(statusSeen).toEqual(['ACTIVE']);
  });

  it('filters a list by the chosen organization and names it', async () => {
    const statusSeen: string[] = [];
    page = renderPage(<FilterWithName status="ALL" />, {
      url: '/invoices',
      route: answerOrganizations(statusSeen),
    });
    expect(screen.getByText('Filtered by: every organization')).toBeTruthy();
    await choose('Organization', 'South Hospice');
    expect(await screen.findByText('Filtered by: South Hospice')).toBeTruthy();
    expect(statusSeen).toEqual(['ALL']);
  });

  it('shows no organization filter to whoever may not read organizations', async () => {
    page = renderPage(<FilterWithName status="ALL" />, {
      url: '/providervisits',
      roleId: ROLE.CLINICIAN,
      route: () => undefined,
    });
    expect(await screen.findByText('Filtered by: every organization')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Organization' })).toBeNull();
  });
});
