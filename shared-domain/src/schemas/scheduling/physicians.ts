// Placeholder: filled in by the scheduling issue (#4).
export {};
