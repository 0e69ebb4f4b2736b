import { apiClient, errorMessage } from '@carelane/shared-session';
import { useQuery } from '@tanstack/react-query';
import { Alert, Spin } from 'antd';
import { useEffect } from 'react';
import { z } from 'zod';
import { InAppLink } from '../app/InAppLink';
import { redirect, useShellLocation } from '../routing/location';
import { safeReturnPath } from '../routing/routes';
import { PublicCard } from './PublicCard';

const resolved = z.object({ path: z.string() });

/** The id of `/r/{id}` (or `/r?id=…`). */
export function shortLinkId(pathname: string, query: URLSearchParams): string | null {
  const match = /^\/r\/([^/]+)\/?$/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : query.get('id');
}

/** `/r/{id}`: resolves the short link with the server, then opens its in-app page. */
export function ShortLinkPage() {
  const { pathname, query } = useShellLocation();
  const id = shortLinkId(pathname, query);
  const link = useQuery({
    queryKey: ['shortLink', id],
    queryFn: () => apiClient.get(`/api/security/shortUrl/${encodeURIComponent(id ?? '')}`, resolved),
    enabled: id !== null,
    retry: false,
  });
  const target = link.data ? safeReturnPath(link.data.path) : null;
  useEffect(() => {
    if (id === null) redirect('/');
    else if (target) redirect(target);
  }, [id, target]);

  if (link.isError || (link.data && !target)) {
    return (
      <PublicCard title="Short link">
        <Alert
          type="error"
          role="alert"
          showIcon
          title={
            link.isError
              ? errorMessage(link.error, 'the link', 'opened')
              : 'This link does not lead to a page of Carelane.'
          }
        />
        <p style={{ marginTop: 16, marginBottom: 0 }}>
          <InAppLink to="/">Go to Carelane</InAppLink>
        </p>
      </PublicCard>
    );
  }
  return (
    <PublicCard title="Opening the link…">
      <Spin />
    </PublicCard>
  );
}

/** `/forwardToWebapp?to=/page`: from the mobile app or an email into a page of the web app. */
export function ForwardPage() {
  const { query } = useShellLocation();
  const target = safeReturnPath(query.get('to') ?? query.get('path') ?? query.get('url')) ?? '/';
  useEffect(() => redirect(target), [target]);
  return (
    <PublicCard title="Opening Carelane…">
      <Spin />
    </PublicCard>
  );
}
