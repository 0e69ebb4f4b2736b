import { useSession } from '@carelane/shared-session';
import { ResponsiveShell } from '@carelane/shared-ui';
import { Flex, Spin } from 'antd';
import { type ReactNode, Suspense, lazy, useEffect } from 'react';
import type { AreaDeployment, Deployment } from '../deployment/remotes-file';
import { DYNAMIC_PAGE_LOADING_FAILED } from '../federation/client-log';
import { LoginPage } from '../pages/LoginPage';
import { currentAddress, loginPathFor, redirect, useShellLocation } from '../routing/location';
import { homePath } from '../routing/home';
import { accessTo, resolvePath, safeReturnPath } from '../routing/routes';
import { AreaSlot } from './AreaSlot';
import { AreaStatus } from './AreaStatus';
import { LazyErrorState } from './LazyErrorState';

// Every page but sign-in loads on demand: the login page carries only what it shows (the error pages too:
// antd's Result comes with them).
const NoAccessPage = lazy(() => import('../pages/NoAccessPage').then((m) => ({ default: m.NoAccessPage })));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));
const AuditLogsPage = lazy(() =>
  import('../pages/admin/AuditLogsPage').then((m) => ({ default: m.AuditLogsPage })),
);
const OutboxPage = lazy(() => import('../pages/admin/OutboxPage').then((m) => ({ default: m.OutboxPage })));
const ChangePasswordPage = lazy(() =>
  import('../pages/ChangePasswordPage').then((m) => ({ default: m.ChangePasswordPage })),
);
const HelpPage = lazy(() => import('../pages/HelpPage').then((m) => ({ default: m.HelpPage })));
const ProfilePage = lazy(() => import('../pages/ProfilePage').then((m) => ({ default: m.ProfilePage })));
const RegisterPage = lazy(() => import('../pages/RegisterPage').then((m) => ({ default: m.RegisterPage })));
const ResetPasswordPage = lazy(() =>
  import('../pages/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
const ShortUrlPage = lazy(() => import('../pages/ShortUrlPage').then((m) => ({ default: m.ShortUrlPage })));
const UserPage = lazy(() => import('../pages/users/UserPage').then((m) => ({ default: m.UserPage })));
const UsersPage = lazy(() => import('../pages/users/UsersPage').then((m) => ({ default: m.UsersPage })));
const VerifyEmailPage = lazy(() =>
  import('../pages/VerifyEmailPage').then((m) => ({ default: m.VerifyEmailPage })),
);
const VerifyPhonePage = lazy(() =>
  import('../pages/VerifyPhonePage').then((m) => ({ default: m.VerifyPhonePage })),
);
const ShortLinkPage = lazy(() =>
  import('../pages/ShortLinkPage').then((m) => ({ default: m.ShortLinkPage })),
);
const ForwardPage = lazy(() => import('../pages/ShortLinkPage').then((m) => ({ default: m.ForwardPage })));
const ShellHeader = lazy(() => import('./Header').then((m) => ({ default: m.ShellHeader })));
const Navigation = lazy(() => import('./Navigation').then((m) => ({ default: m.Navigation })));

function ShellPage({ path, areas, home }: { path: string; areas: readonly AreaDeployment[]; home: string }) {
  switch (path) {
    case '/':
      return <LoginPage />;
    case '/register':
      return <RegisterPage />;
    case '/resetPassword':
      return <ResetPasswordPage />;
    case '/verifyEmail':
      return <VerifyEmailPage />;
    case '/r':
      return <ShortLinkPage />;
    case '/forwardToWebapp':
      return <ForwardPage />;
    case '/changePassword':
      return <ChangePasswordPage home={home} />;
    case '/verifyPhone':
      return <VerifyPhonePage />;
    case '/profile':
      return <ProfilePage />;
    case '/help':
      return <HelpPage areas={areas} />;
    case '/users':
      return <UsersPage />;
    case '/user':
      return <UserPage />;
    case '/auditLogs':
      return <AuditLogsPage />;
    case '/outbox':
      return <OutboxPage />;
    case '/shortUrl':
      return <ShortUrlPage />;
    default:
      return <NotFoundPage home={home} />;
  }
}

function Waiting() {
  return (
    <Flex justify="center" align="center" style={{ minHeight: 240 }}>
      <Spin size="large" />
    </Flex>
  );
}

/** The header, the navigation, and the content: a shell page, or the slot where the areas mount. */
export function ShellLayout({ deployment }: { deployment: Deployment }) {
  const session = useSession();
  const { pathname, query } = useShellLocation();
  const { areas } = deployment;
  const resolved = resolvePath(pathname, areas);
  const access = resolved.kind === 'notFound' ? null : accessTo(session, resolved.route);
  const home = session ? homePath(session, areas) : '/';
  const atLogin = resolved.kind === 'shell' && resolved.route.path === '/';

  let redirectTo: string | null = null;
  if (access === 'signIn') redirectTo = loginPathFor(currentAddress());
  else if (access === 'changePassword') redirectTo = '/changePassword';
  else if (atLogin && session) {
    const returnTo = safeReturnPath(query.get('returnTo'));
    redirectTo = session.user.changePassword
      ? '/changePassword'
      : returnTo && returnTo !== '/'
        ? returnTo
        : home;
  }
  useEffect(() => {
    if (redirectTo) redirect(redirectTo);
  }, [redirectTo]);

  const title = resolved.kind === 'notFound' ? 'Page not found' : resolved.route.title;
  useEffect(() => {
    document.title = `${title} · Carelane`;
  }, [title]);

  let content: ReactNode;
  let areaVisible = false;
  if (redirectTo) content = <Waiting />;
  else if (resolved.kind === 'notFound') {
    content =
      areas.length === 0 && deployment.problems.length > 0 ? (
        <LazyErrorState
          title="This page could not be loaded"
          message={`${DYNAMIC_PAGE_LOADING_FAILED}: the list of Carelane's parts could not be read. Check your connection and try again.`}
          onRetry={() => window.location.reload()}
        />
      ) : (
        <NotFoundPage home={home} />
      );
  } else if (access === 'forbidden') content = <NoAccessPage title={resolved.route.title} home={home} />;
  else if (resolved.kind === 'shell')
    content = <ShellPage path={resolved.route.path} areas={areas} home={home} />;
  else {
    areaVisible = true;
    content = <AreaStatus area={resolved.area} />;
  }

  const chrome = session !== null && !atLogin;
  const navigation = chrome && !session.user.changePassword;
  return (
    <ResponsiveShell
      locationKey={pathname}
      header={
        chrome
          ? ({ narrow, menuButton }) => (
              <Suspense fallback={<div style={{ height: 56 }} />}>
                <ShellHeader session={session} home={home} compact={narrow} menuButton={menuButton} />
              </Suspense>
            )
          : undefined
      }
      navigation={
        navigation ? (
          <Suspense fallback={null}>
            <Navigation session={session} areas={areas} pathname={pathname} />
          </Suspense>
        ) : null
      }
    >
      <main
        id="carelane-content"
        data-owner={
          resolved.kind === 'area' ? resolved.area.name : resolved.kind === 'shell' ? 'shell' : 'none'
        }
      >
        <Suspense fallback={<Waiting />}>{content}</Suspense>
        <AreaSlot visible={areaVisible && !redirectTo} />
      </main>
    </ResponsiveShell>
  );
}
