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

/** The phrase library: the seed when it cannot be loaded or is empty; nothing while it loads. */
function usePhraseLibrary() {
  const templates = useQuery(formQueries.templates());
  const library: readonly PhraseRow[] = useMemo(
    () =>
      templates.data?.rows.length
        ? templates.data.rows
        : templates.isError || templates.data
          ? SEED_PHRASES
          : [],
    [templates.data, templates.isError],
  );
  return { library, failed: templates.isError, loading: templates.isPending };
}

/** The goal being built: each choice clears the ones after it. */
function useGoalDraft(library: readonly PhraseRow[]) {
  const [category, setCategory] = useState<string | null>(null);
  const [person, setPerson] = useState<string | null>(null);
  const [action, setAction] = useState<string | null>(null);
  const [phrase, setPhrase] = useState<string | null>(null);
  const [fillIns, setFillIns] = useState<Record<string, string>>({});
  const [timeframe, setTimeframe] = useState<string | null>(null);

  const inCategory = library.filter((row) => row.category === category);
  const persons = unique(inCategory.map((row) => row.person));
  const parts =
    category && person && action && phrase ? { category, person, action, phrase, fillIns, timeframe } : null;

  const choosePhrase = (next: string | null) => {
    setPhrase(next);
    setFillIns({});
  };
  const chooseAction = (next: string | null) => {
    setAction(next);
    choosePhrase(null);
  };
  const choosePerson = (next: string | null) => {
    setPerson(next);
    chooseAction(null);
  };
  const chooseCategory = (next: string) => {
    setCategory(next);
    choosePerson(null);
  };

  return {
    category,
    person,
    action,
    phrase,
    fillIns,
    timeframe,
    personChoices: persons.length ? persons : category ? personsFallback() : [],
    actions: unique(inCategory.filter((row) => row.person === person).map((row) => row.action)),
    phrases: unique(
      inCategory.filter((row) => row.person === person && row.action === action).map((row) => row.phrase),
    ),
    blanks: phrase ? fillInsOf(phrase) : [],
    goal: parts ? buildGoal(parts) : null,
    sentence: parts ? previewSentence(parts) : '',
    chooseCategory,
    choosePerson,
    chooseAction,
    choosePhrase,
    setFillIn: (name: string, text: string) => setFillIns((current) => ({ ...current, [name]: text })),
    setTimeframe,
    /** After a goal is added: the category, person and action stay for the next one. */
    restart: () => {
      choosePhrase(null);
      setTimeframe(null);
    },
  };
}

function GoalList({
  goals,
  size,
  onRemove,
}: {
  goals: Goal[];
  size: 'large' | undefined;
  onRemove: (index: number) => void;
}) {
  if (!goals.length) return <p className="note-form-empty">No goals yet.</p>;
  return (
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
              onConfirm={() => onRemove(index)}
            >
              <Button size={size} danger aria-label={`Remove goal ${index + 1}`}>
                Remove
              </Button>
            </Popconfirm>
          </Flex>
        </li>
      ))}
    </ol>
  );
}

export function GoalBuilder({ controlId, value, setValue, onBlur, mobile }: GoalBuilderProps) {
  const goals = goalsOf(value);
  const templates = usePhraseLibrary();
  const draft = useGoalDraft(templates.library);
  const { goal, sentence } = draft;
  const size = mobile ? ('large' as const) : undefined;
  const selectStyle = { width: '100%', maxWidth: mobile ? undefined : 480 };
  const id = (part: string) => `${controlId}-${part}`;

  const add = () => {
    if (!goal) return;
    setValue([...goals, goal]);
    draft.restart();
    onBlur?.();
  };
  const remove = (index: number) => {
    const next = goals.filter((_, i) => i !== index);
    setValue(next.length ? next : undefined);
    onBlur?.();
  };

  return (
    <div role="group" aria-labelledby={`${controlId}-label`} id={controlId} className="note-form-goals">
      <GoalList goals={goals} size={size} onRemove={remove} />
      <fieldset className="note-form-goal-builder">
        <legend>Build a goal</legend>
        {templates.failed ? (
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
              value={draft.category}
              style={selectStyle}
              onChange={(next: string) => draft.chooseCategory(next)}
            />
          </FieldFrame>
          <FieldFrame controlId={id('person')} label="Person">
            <Select
              virtual={false}
              id={id('person')}
              size={size}
              disabled={!draft.category}
              options={asOptions(draft.personChoices)}
              value={draft.person}
              style={selectStyle}
              onChange={(next: string) => draft.choosePerson(next)}
            />
          </FieldFrame>
          <FieldFrame controlId={id('action')} label="Action">
            <Select
              virtual={false}
              id={id('action')}
              size={size}
              disabled={!draft.person}
              options={asOptions(draft.actions)}
              value={draft.action}
              style={selectStyle}
              notFoundContent={templates.loading ? 'Loading…' : 'No actions for this person'}
              onChange={(next: string) => draft.chooseAction(next)}
            />
          </FieldFrame>
        </Flex>
        <FieldFrame controlId={id('phrase')} label="Phrase">
          <Select
            virtual={false}
            id={id('phrase')}
            size={size}
            disabled={!draft.action}
            options={asOptions(draft.phrases)}
            value={draft.phrase}
            style={{ width: '100%' }}
            onChange={(next: string) => draft.choosePhrase(next)}
          />
        </FieldFrame>
        {draft.blanks.length ? (
          <Flex gap={12} wrap vertical={mobile}>
            {draft.blanks.map((name) => (
              <FieldFrame key={name} controlId={id(`fill-${name}`)} label={fillInLabel(name)} required>
                <Input
                  id={id(`fill-${name}`)}
                  size={size}
                  aria-required
                  value={draft.fillIns[name] ?? ''}
                  onChange={(event) => draft.setFillIn(name, event.target.value)}
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
            disabled={!draft.phrase}
            options={asOptions(GOAL_TIMEFRAMES)}
            value={draft.timeframe}
            style={selectStyle}
            onChange={(next: string | null | undefined) => draft.setTimeframe(next ?? null)}
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
