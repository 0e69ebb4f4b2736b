// The one form renderer of visit notes (issue 12, ARCHITECTURE "Forms as data"): draws a note definition's
// sections and fields. Being built: this first version fixes the props the note page builds on.
import type { NoteDefinition, NoteValues } from '@carelane/shared-domain';
import type { ReactNode } from 'react';

export type NoteFormProps = {
  definition: NoteDefinition;
  values: NoteValues;
  /** Called on every change with the whole new values object, scores already recomputed (withComputedScores). */
  onChange: (values: NoteValues) => void;
  /** A field lost focus (the page autosaves then). */
  onFieldBlur?: (fieldId: string) => void;
  readOnly?: boolean;
  /** 'mobile': one column, large touch targets (≥ 44 px), each section collapsible (antd Collapse). */
  layout?: 'desktop' | 'mobile';
  /** Shown under a field, e.g. the reviewer's comments on it. */
  fieldExtras?: Record<string, ReactNode>;
  /** Server field errors, by 'values.<fieldId>' path, shown on the field. */
  errors?: { field: string; message: string }[];
};

export default function NoteForm({ definition }: NoteFormProps) {
  return (
    <div>
      {definition.sections.map((section) => (
        <section key={section.id}>
          <h2>{section.title}</h2>
        </section>
      ))}
    </div>
  );
}
