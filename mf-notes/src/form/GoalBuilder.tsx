// The care-plan goal builder (SPEC §4): category → person → action → phrase (the phrase library, GET
// /api/notes/templates, or shared-domain's seed when that fails) → one input per fill-in → optional timeframe →
// 'Add goal'. The sentence is built live; the goals are listed with their remove buttons.
import { GOAL_CATEGORIES, GOAL_TIMEFRAMES, fillInsOf } from '@carelane/shared-domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Input, Popconfirm, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { FieldFrame } from './controls';
import { formQueries } from './form-queries';
import {
  buildGoal,
  personsFallback,
  previewSentence,
  SEED_PHRASES,
  type Goal,
  type PhraseRow,
} from './goal-parts';

export const goalsOf = (value: unknown): Goal[] =>
  Array.isArray(value) ? (value.filter((goal) => goal && typeof goal === 'object') as Goal[]) : [];

const unique = (items: string[]) => [...new Set(items)];
/** A fill-in's label: 'assistLevel' → 'Assist level'. */
export const fillInLabel = (name: string) => {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
const asOptions = (items: readonly string[]) => items.map((item) => ({ value: item, label: item }));

export type GoalBuilderProps = {
  controlId: string;
  value: unknown;
  setValue: (value: unknown) => void;
  onBlur?: () => void;
  mobile?: boolean;
};

export function GoalBuilder({ controlId, value, setValue, onBlur, mobile }: GoalBuilderProps) {
  const goals = goalsOf(value);
  const templates = useQuery(formQueries.templates());
  const library: readonly PhraseRow[] = useMemo(
    // The seed when the library cannot be loaded or is empty; nothing while it loads.
    () =>
      templates.data?.rows.length
        ? templates.data.rows
        : templates.isError || templates.data
          ? SEED_PHRASES
          : [],
    [templates.data, templates.isError],
  );
  const [category, setCategory] = useState<string | null>(null);
  const [person, setPerson] = useState<string | null>(null);
  const [action, setAction] = useState<string | null>(null);
  const [phrase, setPhrase] = useState<string | null>(null);
  const [fillIns, setFillIns] = useState<Record<string, string>>({});
  const [timeframe, setTimeframe] = useState<string | null>(null);

  const inCategory = library.filter((row) => row.category === category);
  const persons = unique(inCategory.map((row) => row.person));
  const personChoices = persons.length ? persons : category ? personsFallback() : [];
  const actions = unique(inCategory.filter((row) => row.person === person).map((row) => row.action));
  const phrases = unique(
    inCategory.filter((row) => row.person === person && row.action === action).map((row) => row.phrase),
  );
  const blanks = phrase ? fillInsOf(phrase) : [];
  const parts =
    category && person && action && phrase ? { category, person, action, phrase, fillIns, timeframe } : null;
  const goal = parts ? buildGoal(parts) : null;
  const sentence = parts ? previewSentence(parts) : '';
  const size = mobile ? ('large' as const) : undefined;
  const selectStyle = { width: '100%', maxWidth: mobile ? undefined : 480 };
  const id = (part: string) => `${controlId}-${part}`;

  const add = () => {
    if (!goal) return;
    setValue([...goals, goal]);
    setPhrase(null);
    setFillIns({});
    setTimeframe(null);
    onBlur?.();
  };
  const remove = (index: number) => {
    const next = goals.filter((_, i) => i !== index);
    setValue(next.length ? next : undefined);
    onBlur?.();
  };

  return (
    <div role="group" aria-labelledby={`${controlId}-label`} id={controlId} className="note-form-goals">
      {goals.length ? (
        <ol aria-label="Goals" className="note-form-goal-list">
          {goals.map((goal, index) => (
            <li key={index}>
              <Flex gap={8} align="center" wrap>
                <span>{goal.text}</span>
                <Popconfirm
                  title="Remove this goal?"
                  okText="Remove"
                  cancelText="Keep"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove(index)}
                >
                  <Button size={size} danger aria-label={`Remove goal ${index + 1}`}>
                    Remove
                  </Button>
                </Popconfirm>
              </Flex>
            </li>
          ))}
        </ol>
      ) : (
        <p className="note-form-empty">No goals yet.</p>
      )}
      <fieldset className="note-form-goal-builder">
        <legend>Build a goal</legend>
        {templates.isError ? (
          <Typography.Text type="secondary">
            The phrase library could not be loaded; showing the standard phrases.
          </Typography.Text>
        ) : null}
        <Flex gap={12} wrap vertical={mobile}>
          <FieldFrame controlId={id('category')} label="Category">
            <Select
              virtual={false}
              id={id('category')}
              size={size}
              showSearch={{ optionFilterProp: 'label' }}
              options={asOptions(GOAL_CATEGORIES)}
              value={category}
              style={selectStyle}
              onChange={(next: string) => {
                setCategory(next);
                setPerson(null);
                setAction(null);
                setPhrase(null);
                setFillIns({});
              }}
            />
          </FieldFrame>
          <FieldFrame controlId={id('person')} label="Person">
            <Select
              virtual={false}
              id={id('person')}
              size={size}
              disabled={!category}
              options={asOptions(personChoices)}
              value={person}
              style={selectStyle}
              onChange={(next: string) => {
                setPerson(next);
                setAction(null);
                setPhrase(null);
                setFillIns({});
              }}
            />
          </FieldFrame>
          <FieldFrame controlId={id('action')} label="Action">
            <Select
              virtual={false}
              id={id('action')}
              size={size}
              disabled={!person}
              options={asOptions(actions)}
              value={action}
              style={selectStyle}
              notFoundContent={templates.isPending ? 'Loading…' : 'No actions for this person'}
              onChange={(next: string) => {
                setAction(next);
                setPhrase(null);
                setFillIns({});
              }}
            />
          </FieldFrame>
        </Flex>
        <FieldFrame controlId={id('phrase')} label="Phrase">
          <Select
            virtual={false}
            id={id('phrase')}
            size={size}
            disabled={!action}
            options={asOptions(phrases)}
            value={phrase}
            style={{ width: '100%' }}
            onChange={(next: string) => {
              setPhrase(next);
              setFillIns({});
            }}
          />
        </FieldFrame>
        {blanks.length ? (
          <Flex gap={12} wrap vertical={mobile}>
            {blanks.map((name) => (
              <FieldFrame key={name} controlId={id(`fill-${name}`)} label={fillInLabel(name)} required>
                <Input
                  id={id(`fill-${name}`)}
                  size={size}
                  aria-required
                  value={fillIns[name] ?? ''}
                  onChange={(event) => setFillIns((current) => ({ ...current, [name]: event.target.value }))}
                />
              </FieldFrame>
            ))}
          </Flex>
        ) : null}
        <FieldFrame controlId={id('timeframe')} label="Timeframe (optional)">
          <Select
            virtual={false}
            id={id('timeframe')}
            size={size}
            allowClear
            disabled={!phrase}
            options={asOptions(GOAL_TIMEFRAMES)}
            value={timeframe}
            style={selectStyle}
            onChange={(next: string | null | undefined) => setTimeframe(next ?? null)}
          />
        </FieldFrame>
        <p aria-live="polite" className="note-form-goal-preview">
          {sentence ? (
            <>
              <Typography.Text strong>Goal: </Typography.Text>
              {sentence}
            </>
          ) : (
            'Choose a category, person, action and phrase to build a goal.'
          )}
        </p>
        <Button type="primary" size={size} disabled={!goal} onClick={add}>
          Add goal
        </Button>
      </fieldset>
    </div>
  );
}
