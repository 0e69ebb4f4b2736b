import { NOTE_OPTION_LISTS } from './option-lists';
import {
  GOAL_CATEGORIES,
  GOAL_PERSONS,
  GOAL_PHRASE_SEED,
  GOAL_TIMEFRAMES,
  buildGoalSentence,
  fillInsOf,
  goalError,
  goalSchema,
} from './goal-builder';
import { goalTemplateInputSchema } from '../schemas/notes/notes';

const glucose = {
  category: 'Endocrine',
  person: 'Patient',
  action: 'will demonstrate',
  phrase: 'blood glucose between {low} and {high} mg/dL',
  fillIns: { low: '80', high: '130' },
  timeframe: 'within 4 weeks',
  text: 'Patient will demonstrate blood glucose between 80 and 130 mg/dL within 4 weeks.',
};

describe('goal builder data (SPEC §3, §4)', () => {
  it('has the 18 categories in order', () => {
    expect(GOAL_CATEGORIES).toEqual([
      'Sensory',
      'Integumentary',
      'Respiratory',
      'Endocrine',
      'Cardiovascular',
      'Elimination',
      'Diet/Nutrition',
      'Neuro/Emotional/Behavioral',
      'Medication Profile',
      'Subcutaneous',
      'ADLs/IADLs',
      'Infusion',
      'Pain',
      'Falls',
      'Infection',
      'COVID 19',
      'Hospitalization',
      'Urinary',
    ]);
  });

  it('has the persons and the timeframes (one per goal duration)', () => {
    expect(GOAL_PERSONS).toEqual(['Patient', 'Caregiver', 'Patient/Caregiver']);
    expect(GOAL_TIMEFRAMES.slice(0, 2)).toEqual(['throughout certification period', 'every 4 weeks']);
    expect(GOAL_TIMEFRAMES.slice(2)).toEqual(
      NOTE_OPTION_LISTS.goalDurations!.map((d) => `within ${d.label}`),
    );
  });

  it('seeds at least two phrases per category, each a valid template with the same fill-ins in German', () => {
    for (const category of GOAL_CATEGORIES) {
      expect({ category, n: GOAL_PHRASE_SEED.filter((p) => p.category === category).length >= 2 }).toEqual({
        category,
        n: true,
      });
    }
    for (const template of GOAL_PHRASE_SEED) {
      expect(goalTemplateInputSchema.parse(template)).toEqual(template);
      expect(GOAL_PERSONS).toContain(template.person);
      expect(fillInsOf(template.phraseDe).sort()).toEqual(fillInsOf(template.phrase).sort());
      expect(template.phraseDe).not.toBe(template.phrase);
    }
    const keys = GOAL_PHRASE_SEED.map((p) => `${p.category}|${p.person}|${p.action}|${p.phrase}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('fillInsOf', () => {
  it('names each fill-in once, in order', () => {
    expect(fillInsOf('blood glucose between {low} and {high} mg/dL')).toEqual(['low', 'high']);
    expect(fillInsOf('{a} then {b} then {a}')).toEqual(['a', 'b']);
    expect(fillInsOf('no falls')).toEqual([]);
    expect(fillInsOf('{ not one } {1x}')).toEqual([]);
  });
});

describe('buildGoalSentence', () => {
  it('builds the sentence of the parts', () => {
    expect(buildGoalSentence(glucose)).toEqual({ ok: true, text: glucose.text });
    expect(
      buildGoalSentence({
        person: 'Patient',
        action: 'will have',
        phrase: 'no falls',
        fillIns: {},
        timeframe: null,
      }),
    ).toEqual({ ok: true, text: 'Patient will have no falls.' });
    expect(
      buildGoalSentence({
        person: 'Patient/Caregiver',
        action: 'will demonstrate',
        phrase: 'proper hand hygiene.',
        fillIns: {},
        timeframe: 'throughout certification period',
      }),
    ).toEqual({
      ok: true,
      text: 'Patient/Caregiver will demonstrate proper hand hygiene throughout certification period.',
    });
  });

  it('trims fill-ins and refuses blank or missing ones', () => {
    expect(buildGoalSentence({ ...glucose, fillIns: { low: ' 80 ', high: '130' } })).toEqual({
      ok: true,
      text: glucose.text,
    });
    expect(buildGoalSentence({ ...glucose, fillIns: { low: '80' } })).toEqual({
      ok: false,
      missing: ['high'],
    });
    expect(buildGoalSentence({ ...glucose, fillIns: { low: ' ', high: '' } })).toEqual({
      ok: false,
      missing: ['low', 'high'],
    });
  });
});

describe('goalSchema and goalError', () => {
  it('accepts a built goal', () => {
    expect(goalSchema.parse(glucose)).toEqual(glucose);
    expect(goalError(glucose)).toBeNull();
    expect(
      goalError({ ...glucose, timeframe: null, text: glucose.text.replace(' within 4 weeks', '') }),
    ).toBeNull();
  });

  it('refuses a goal of an unknown category or timeframe, or not shaped as a goal', () => {
    expect(goalError({ ...glucose, category: 'Dental' })).toBe('must be a goal from the goal builder');
    expect(goalError({ ...glucose, timeframe: 'within 10 weeks' })).toBe(
      'must be a goal from the goal builder',
    );
    expect(goalError('walk more')).toBe('must be a goal from the goal builder');
  });

  it('refuses blank or unknown fill-ins and a text that is not the sentence of its parts', () => {
    expect(goalError({ ...glucose, fillIns: { low: '80' } })).toBe('has a blank or unknown fill-in');
    expect(goalError({ ...glucose, fillIns: { ...glucose.fillIns, extra: 'x' } })).toBe(
      'has a blank or unknown fill-in',
    );
    expect(goalError({ ...glucose, text: 'Patient will be fine.' })).toBe('does not match its parts');
  });
});
