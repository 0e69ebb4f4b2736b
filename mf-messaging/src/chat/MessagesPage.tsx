import { ChatView } from './ChatView';

/** `/messages`: every conversation of mine (care-team and direct), two panes (issue 27). */
export default function MessagesPage() {
  return <ChatView title="Messages" noun="conversations" />;
}
