// /note?visitId=N — the visit note (issue 12); below ~600 px it takes the mobile layout.
import { NoteScreen } from './NoteScreen';

export default function NotePage() {
  return <NoteScreen />;
}
