const pad = (n: number) => String(n).padStart(2, '0');

/** The server's local calendar date of `d`, YYYY-MM-DD. */
export const localIsoDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The server's local wall-clock time of `d`, HH:mm. */
export const localIsoTime = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;
