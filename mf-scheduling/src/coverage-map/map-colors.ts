/** The legend's and the map's colours of each kind of point. */
export const CLINICIAN_COLOR = '#0f766e';
export const EPISODE_COLOR = '#c2410c';
