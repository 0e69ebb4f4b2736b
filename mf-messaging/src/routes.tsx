import { lazy } from 'react';
import type { AreaPages, AreaRouteTable } from '@carelane/shared-ui';
import table from './routes.json';

/** The routes this area owns (ARCHITECTURE.md §8); `routes.json` is also what remotes.json carries. */
export const ROUTE_TABLE: AreaRouteTable = table;

/** The pages built so far, by path, each loaded on first visit. Every other route shows "not built yet". */
export const PAGES: AreaPages = {
  '/messages': lazy(() => import('./chat/MessagesPage')),
  '/inbox': lazy(() => import('./inbox/InboxPage')),
  '/collaboration': lazy(() => import('./collaboration/CollaborationPage')),
  '/tasks': lazy(() => import('./tasks/TasksPage')),
  '/incidents': lazy(() => import('./incidents/IncidentsPage')),
  '/prompts': lazy(() => import('./prompts/PromptsPage')),
  '/broadcast': lazy(() => import('./broadcast/BroadcastPage')),
  '/invite': lazy(() => import('./invite/InvitePage')),
  '/timeline': lazy(() => import('./timeline/TimelinePage')),
  '/assistant': lazy(() => import('./assistant/AssistantPage')),
  '/tc': lazy(() => import('./telehealth/TelehealthPage')),
  '/tc/join': lazy(() => import('./telehealth/JoinPage')),
};
