import { PageFrame } from '@carelane/shared-ui';
import { Card, Col, Collapse, Row, Typography } from 'antd';
import type { AreaDeployment } from '../deployment/remotes-file';

const { Paragraph, Title, Text } = Typography;

/** How to do the common tasks, step by step (the areas' own pages come with later releases). */
const TASKS: { question: string; answer: string[] }[] = [
  {
    question: 'Sign in, and what happens when I step away',
    answer: [
      'Sign in at the start page with your email and password.',
      'After 50 minutes without activity (or your organization’s own limit) you are signed out with a message. Sign in again and you are taken back to the page you were on.',
      'If you were typing in a form when the session ended, Carelane warns you first, so you can copy what you typed.',
    ],
  },
  {
    question: 'Forgot my password, or want to change it',
    answer: [
      'On the sign-in page choose “Forgot your password?”, enter your email and follow the link we send (valid for 60 minutes).',
      'Signed in, open the user menu at the top right and choose “Change password”.',
    ],
  },
  {
    question: 'Find something quickly',
    answer: [
      'Press / anywhere (outside a text field) to jump to the search box at the top.',
      'Filters, date ranges and selected records are part of the page address: copy the address to share exactly what you see, and the back button undoes a filter.',
    ],
  },
  {
    question: 'Add a user, change their role, or stop their access',
    answer: [
      'Open Administration → Users and choose “New user”. You can only create users of the roles you manage.',
      'Leave the password empty to email the user a link to choose their own; a password you set must be changed at first sign-in.',
      'Open a user to edit them, deactivate them (they are signed out everywhere), or email them a reset-password link.',
      'Administrators can grant or remove single pages for one user under Privileges.',
    ],
  },
  {
    question: 'Work as another user (switch user)',
    answer: [
      'If your role allows it, the user menu has “Switch user”: choose an active user of a role you manage. Everything you do is recorded with your name as well.',
      'Choose “Switch back to myself” in the same menu to return.',
    ],
  },
  {
    question: 'See who changed what',
    answer: [
      'Administration → Audit logs lists every change, sign-in and read of patient data, 100 to a page. The date range starts at the last 30 days; narrow it by action, record type, record id or user id.',
    ],
  },
  {
    question: 'A page says it could not be loaded',
    answer: [
      'One part of Carelane may be unavailable for a moment while the others keep working. Choose Retry, or come back to the page a little later. The failure is reported to the support team automatically.',
    ],
  },
];

export function HelpPage({ areas }: { areas: readonly AreaDeployment[] }) {
  return (
    <PageFrame title="Help" subtitle="What each part of Carelane does, and how to do the common tasks.">
      <Title level={2} style={{ fontSize: 18 }}>
        The parts of Carelane
      </Title>
      <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
        {areas.map((area) => (
          <Col key={area.name} xs={24} md={12} xl={8}>
            <Card size="small" title={area.title} style={{ height: '100%' }}>
              <Paragraph style={{ marginBottom: 8 }}>{area.description}</Paragraph>
              <Text type="secondary">
                Pages:{' '}
                {area.routes
                  .filter((route) => route.menu)
                  .map((route) => route.title)
                  .join(', ') || 'opened from links'}
              </Text>
            </Card>
          </Col>
        ))}
        <Col xs={24} md={12} xl={8}>
          <Card size="small" title="Administration" style={{ height: '100%' }}>
            <Paragraph style={{ marginBottom: 0 }}>
              Users and their roles and privileges, the audit logs, the outbox of sent email and SMS, and
              short links. You see only the pages your role may open.
            </Paragraph>
          </Card>
        </Col>
      </Row>
      <Title level={2} style={{ fontSize: 18 }}>
        Common tasks
      </Title>
      <Collapse
        items={TASKS.map((task) => ({
          key: task.question,
          label: task.question,
          children: (
            <ol style={{ margin: 0, paddingInlineStart: 20 }}>
              {task.answer.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          ),
        }))}
      />
    </PageFrame>
  );
}
