// Being built (issue 12).
export default function NotesListPage() {
  return <p>Being built.</p>;
}
