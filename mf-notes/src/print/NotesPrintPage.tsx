// Being built (issue 12).
export default function NotesPrintPage() {
  return <p>Being built.</p>;
}
