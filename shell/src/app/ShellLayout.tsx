import { useSession } from '@carelane/shared-session';
import { ErrorState } from '@carelane/shared-ui';
import { Flex, Layout, Spin, theme } from 'antd';
import { type ReactNode, useEffect } from 'react';
import type { AreaDeployment, Deployment } from '../deployment/remotes-file';
import { DYNAMIC_PAGE_LOADING_FAILED } from '../federation/client-log';
import { AuditLogsPage } from '../pages/admin/AuditLogsPage';
import { OutboxPage } from '../pages/admin/OutboxPage';
import { ChangePasswordPage } from '../pages/ChangePasswordPage';
import { HelpPage } from '../pages/HelpPage';
import { LoginPage } from '../pages/LoginPage';
import { NoAccessPage } from '../pages/NoAccessPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { ProfilePage } from '../pages/ProfilePage';
import { RegisterPage } from '../pages/RegisterPage';
import { ResetPasswordPage } from '../pages/ResetPasswordPage';
import { ForwardPage, ShortLinkPage } from '../pages/ShortLinkPage';
import { ShortUrlPage } from '../pages/ShortUrlPage';
import { UserPage } from '../pages/users/UserPage';
import { UsersPage } from '../pages/users/UsersPage';
import { VerifyEmailPage } from '../pages/VerifyEmailPage';
import { VerifyPhonePage } from '../pages/VerifyPhonePage';
import { currentAddress, loginPathFor, redirect, useShellLocation } from '../routing/location';
import { accessTo, homePath, resolvePath, safeReturnPath } from '../routing/routes';
import { AreaSlot } from './AreaSlot';
import { AreaStatus } from './AreaStatus';
import { ShellHeader } from './Header';
import { Navigation } from './Navigation';

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
  const { token } = theme.useToken();
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
        <ErrorState
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
    <Layout style={{ minHeight: '100vh' }}>
      {chrome ? <ShellHeader session={session} home={home} /> : null}
      <Layout hasSider={navigation}>
        {navigation ? (
          <Layout.Sider
            width={248}
            theme="light"
            breakpoint="lg"
            collapsedWidth={0}
            style={{ borderInlineEnd: `1px solid ${token.colorBorderSecondary}`, overflowY: 'auto' }}
          >
            <Navigation session={session} areas={areas} pathname={pathname} />
          </Layout.Sider>
        ) : null}
        <Layout.Content>
          <main
            id="carelane-content"
            data-owner={
              resolved.kind === 'area' ? resolved.area.name : resolved.kind === 'shell' ? 'shell' : 'none'
            }
          >
            {content}
            <AreaSlot visible={areaVisible && !redirectTo} />
          </main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
