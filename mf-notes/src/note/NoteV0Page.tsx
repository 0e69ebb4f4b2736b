// Being built (issue 12).
export default function NoteV0Page() {
  return <p>Being built.</p>;
}
