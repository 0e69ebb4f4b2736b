// A stale save, shown side by side (issue 12: "never silently overwritten"): for each field that differs, this
// device's text and the server's, and the two ways out — keep mine (saved again on the server's version) or take
// the server's.
import {
  fieldsOf,
  formatDateTime,
  optionsOfField,
  type NoteDefinition,
  type NoteField,
  type NoteValues,
} from '@carelane/shared-domain';
import { useBusy } from '@carelane/shared-ui';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { sameValues } from './draft-store';
import type { NoteConflict } from './use-note-autosave';

/** A stored value as text for the comparison (choices by their labels). */
export function valueText(field: NoteField | undefined, value: unknown): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  if (Array.isArray(value) && value.length === 0) return '(empty)';
  if (field?.kind === 'choice') {
    const options = optionsOfField(field);
    const label = (item: unknown) => options.find((option) => option.value === item)?.label ?? String(item);
    return Array.isArray(value) ? value.map(label).join(', ') : label(value);
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null))
    return value.join(', ');
  return JSON.stringify(value, null, 1);
}

/** The top-level field ids whose values differ, in form order (ids the definition does not know last). */
export function differingFields(definition: NoteDefinition, mine: NoteValues, server: NoteValues): string[] {
  const known = fieldsOf(definition).map((field) => field.id);
  const all = [
    ...known,
    ...[...new Set([...Object.keys(mine), ...Object.keys(server)])].filter((id) => !known.includes(id)),
  ];
  return all.filter((id) => !sameValues({ v: mine[id] ?? null }, { v: server[id] ?? null }));
}

export function ConflictView({
  definition,
  conflict,
  onKeepMine,
  onTakeServer,
  stacked,
}: {
  definition: NoteDefinition;
  conflict: NoteConflict;
  onKeepMine: () => Promise<unknown>;
  onTakeServer: () => Promise<unknown>;
  /** One column (phones). */
  stacked: boolean;
}) {
  const { busy, run: runBusy } = useBusy();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const byId = new Map(fieldsOf(definition).map((field) => [field.id, field]));
  const differing = differingFields(definition, conflict.mine, conflict.server.values);
  const serverTitle = `On the server (saved by ${conflict.server.savedByName} at ${formatDateTime(conflict.server.savedAt)})`;
  const run = (action: () => Promise<unknown>) => () => runBusy(action);
  const cell = {
    padding: 8,
    verticalAlign: 'top' as const,
    whiteSpace: 'pre-wrap' as const,
    borderTop: '1px solid #f0f0f0',
  };
  return (
    <Card>
      <Typography.Title level={2} style={{ fontSize: 20 }} tabIndex={-1} ref={headingRef}>
        This note was changed elsewhere
      </Typography.Title>
      <Alert
        type="warning"
        showIcon
        title="The server holds a newer version of this note than the one your text is based on. Nothing has been overwritten: choose which text to keep."
        style={{ marginBottom: 16 }}
      />
      {differing.length === 0 ? (
        <Typography.Paragraph>The texts are the same; either choice keeps them.</Typography.Paragraph>
      ) : stacked ? (
        <Flex vertical gap={12}>
          {differing.map((id) => (
            <Card
              key={id}
              size="small"
              title={<h3 style={{ fontSize: 15, margin: 0 }}>{byId.get(id)?.label ?? id}</h3>}
            >
              <Typography.Text strong>Your text</Typography.Text>
              <div style={{ whiteSpace: 'pre-wrap', marginBottom: 8 }}>
                {valueText(byId.get(id), conflict.mine[id])}
              </div>
              <Typography.Text strong>{serverTitle}</Typography.Text>
              <div style={{ whiteSpace: 'pre-wrap' }}>
                {valueText(byId.get(id), conflict.server.values[id])}
              </div>
            </Card>
          ))}
        </Flex>
      ) : (
        <table style={{ width: '100%', borderCollapse: 'collapse', marginBottom: 16 }}>
          <caption style={{ textAlign: 'left', paddingBottom: 8 }}>Fields that differ</caption>
          <thead>
            <tr>
              <th scope="col" style={{ ...cell, textAlign: 'left' }}>
                Field
              </th>
              <th scope="col" style={{ ...cell, textAlign: 'left' }}>
                Your text
              </th>
              <th scope="col" style={{ ...cell, textAlign: 'left' }}>
                {serverTitle}
              </th>
            </tr>
          </thead>
          <tbody>
            {differing.map((id) => (
              <tr key={id}>
                <th scope="row" style={{ ...cell, textAlign: 'left' }}>
                  {byId.get(id)?.label ?? id}
                </th>
                <td style={cell}>{valueText(byId.get(id), conflict.mine[id])}</td>
                <td style={cell}>{valueText(byId.get(id), conflict.server.values[id])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Flex gap={8} wrap style={{ marginTop: 16 }}>
        <Button type="primary" disabled={busy} aria-busy={busy} onClick={run(onKeepMine)}>
          Keep mine
        </Button>
        <Button disabled={busy} aria-busy={busy} onClick={run(onTakeServer)}>
          Take the server&apos;s
        </Button>
      </Flex>
    </Card>
  );
}
