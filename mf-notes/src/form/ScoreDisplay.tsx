// A computed score, read-only: 'Braden score 14 — Moderate risk', announced politely as the items change.
import type { NoteField } from '@carelane/shared-domain';

type ScoreField = Extract<NoteField, { kind: 'score' }>;
type ScoreValue = { total: number | null; level: string | null };

export const scoreValueOf = (value: unknown): ScoreValue => {
  const v = (value ?? {}) as Partial<ScoreValue>;
  return {
    total: typeof v.total === 'number' ? v.total : null,
    level: typeof v.level === 'string' ? v.level : null,
  };
};

/** 'Braden score 14 — Moderate risk'; 'Braden score: not scored yet' until its items are answered. */
export function scoreText(field: ScoreField, value: unknown): string {
  const { total, level } = scoreValueOf(value);
  if (total === null) return level ? `${field.label} — ${level}` : `${field.label}: not scored yet`;
  return `${field.label} ${total}${level ? ` — ${level}` : ''}`;
}

/** '14 — Moderate risk' (the read-only view writes the label beside it). */
export function scoreResult(value: unknown): string {
  const { total, level } = scoreValueOf(value);
  if (total === null) return level ?? 'Not scored yet';
  return `${total}${level ? ` — ${level}` : ''}`;
}

export function ScoreDisplay({
  field,
  value,
  controlId,
}: {
  field: ScoreField;
  value: unknown;
  controlId: string;
}) {
  return (
    <output id={controlId} aria-live="polite" className="note-form-score">
      {scoreText(field, value)}
    </output>
  );
}
