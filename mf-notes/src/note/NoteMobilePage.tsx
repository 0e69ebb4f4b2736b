// Being built (issue 12).
export default function NoteMobilePage() {
  return <p>Being built.</p>;
}
