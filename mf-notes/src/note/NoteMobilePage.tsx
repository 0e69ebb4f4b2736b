// /noteMobile?visitId=N — the visit note in the mobile layout (one column, large targets, collapsible sections,
// the actions fixed at the bottom), usable at 390 px.
import { NoteScreen } from './NoteScreen';

export default function NoteMobilePage() {
  return <NoteScreen layout="mobile" />;
}
