// Being built (issue 12).
export default function NotePage() {
  return <p>Being built.</p>;
}
