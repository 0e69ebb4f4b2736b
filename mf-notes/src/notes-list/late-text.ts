// How late a note is, as the notes list shows it (issue 12 late-note control).

/** '45 min late', '3 h late', '2 d late' from the minutes past the due time; null when not late. */
export function lateText(minutesLate: number | null | undefined): string | null {
  if (minutesLate === null || minutesLate === undefined || minutesLate <= 0) return null;
  if (minutesLate < 60) return `${Math.floor(minutesLate)} min late`;
  if (minutesLate < 24 * 60) return `${Math.floor(minutesLate / 60)} h late`;
  return `${Math.floor(minutesLate / (24 * 60))} d late`;
}
