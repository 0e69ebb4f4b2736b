import type { NoteField } from './definition';
import {
  bradenLevel,
  bradenScore,
  computeScore,
  fallRiskLevel,
  fallRiskScore,
  nortonLevel,
  nortonScore,
  nutritionRiskLevel,
  nutritionRiskScore,
  painLevel,
  painScore,
  phq2Level,
  phq2Score,
  scoreInputOf,
} from './scores';

describe('Braden-type (SPEC §9: ≤ 9 severe, 10–12 high, 13–14 moderate, 15–18 mild, ≥ 19 none)', () => {
  it.each([
    [6, 'Severe risk'],
    [9, 'Severe risk'],
    [10, 'High risk'],
    [12, 'High risk'],
    [13, 'Moderate risk'],
    [14, 'Moderate risk'],
    [15, 'Mild risk'],
    [18, 'Mild risk'],
    [19, 'No risk'],
    [23, 'No risk'],
  ])('%i is %s', (total, level) => {
    expect(bradenLevel(total)).toBe(level);
  });

  it('sums all six items', () => {
    expect(bradenScore([3, 3, 2, 2, 3, 2])).toEqual({ total: 15, level: 'Mild risk' });
    expect(bradenScore([1, 1, 1, 1, 1, 1])).toEqual({ total: 6, level: 'Severe risk' });
    expect(bradenScore([4, 4, 4, 4, 4, 3])).toEqual({ total: 23, level: 'No risk' });
  });

  it('is empty while an item is missing', () => {
    expect(bradenScore([3, 3, null, 2, 3, 2])).toEqual({ total: null, level: null });
    expect(bradenScore([])).toEqual({ total: null, level: null });
  });
});

describe('second scale (SPEC §9: < 10 very high, 10–14 high, 15–18 medium, > 18 low)', () => {
  it.each([
    [5, 'Very high risk'],
    [9, 'Very high risk'],
    [10, 'High risk'],
    [14, 'High risk'],
    [15, 'Medium risk'],
    [18, 'Medium risk'],
    [19, 'Low risk'],
    [20, 'Low risk'],
  ])('%i is %s', (total, level) => {
    expect(nortonLevel(total)).toBe(level);
  });

  it('sums all five items, empty while one is missing', () => {
    expect(nortonScore([4, 3, 3, 2, 2])).toEqual({ total: 14, level: 'High risk' });
    expect(nortonScore([4, 3, 3, 2, null])).toEqual({ total: null, level: null });
  });
});

describe('fall risk (history of falls 15, others 5 each, at risk from 15)', () => {
  it.each([
    [0, 'Not at risk'],
    [10, 'Not at risk'],
    [14, 'Not at risk'],
    [15, 'At risk'],
    [20, 'At risk'],
  ])('%i is %s', (total, level) => {
    expect(fallRiskLevel(total)).toBe(level);
  });

  it('sums the factors, a missing answer counting none', () => {
    expect(fallRiskScore([15])).toEqual({ total: 15, level: 'At risk' });
    expect(fallRiskScore([5, 5])).toEqual({ total: 10, level: 'Not at risk' });
    expect(fallRiskScore([5, 5, 5])).toEqual({ total: 15, level: 'At risk' });
    expect(fallRiskScore([null])).toEqual({ total: 0, level: 'Not at risk' });
  });
});

describe('nutrition risk (1–2 good, 3–5 moderate, 6+ high)', () => {
  it.each([
    [0, 'Good'],
    [1, 'Good'],
    [2, 'Good'],
    [3, 'Moderate risk'],
    [5, 'Moderate risk'],
    [6, 'High risk'],
    [21, 'High risk'],
  ])('%i is %s', (total, level) => {
    expect(nutritionRiskLevel(total)).toBe(level);
  });

  it('sums the items present', () => {
    expect(nutritionRiskScore([2, 3, null])).toEqual({ total: 5, level: 'Moderate risk' });
    expect(nutritionRiskScore([])).toEqual({ total: 0, level: 'Good' });
  });
});

describe('pain 0–10', () => {
  it.each([
    [0, 'No pain'],
    [1, 'Mild pain'],
    [3, 'Mild pain'],
    [4, 'Moderate pain'],
    [6, 'Moderate pain'],
    [7, 'Severe pain'],
    [10, 'Severe pain'],
    [-1, null],
    [11, null],
  ])('%i is %p', (score, level) => {
    expect(painLevel(score)).toBe(level);
  });

  it('is the score itself', () => {
    expect(painScore([5])).toEqual({ total: 5, level: 'Moderate pain' });
    expect(painScore([null])).toEqual({ total: null, level: null });
    expect(painScore([12])).toEqual({ total: null, level: null });
  });
});

describe('PHQ-2 (two answers 0–3 or NA; positive from 3)', () => {
  it.each([
    [0, 'Negative screen'],
    [2, 'Negative screen'],
    [3, 'Positive screen'],
    [6, 'Positive screen'],
  ])('%i is %s', (total, level) => {
    expect(phq2Level(total)).toBe(level);
  });

  it('sums the two answers; NA when either is NA; empty while one is missing', () => {
    expect(phq2Score([1, 1])).toEqual({ total: 2, level: 'Negative screen' });
    expect(phq2Score([2, 1])).toEqual({ total: 3, level: 'Positive screen' });
    expect(phq2Score([3, 3])).toEqual({ total: 6, level: 'Positive screen' });
    expect(phq2Score(['NA', 2])).toEqual({ total: null, level: 'NA' });
    expect(phq2Score([null, 2])).toEqual({ total: null, level: null });
  });
});

const choice = (id: string, options: string, multiple = false): NoteField => ({
  id,
  label: id,
  kind: 'choice',
  options,
  multiple,
});
const number = (id: string): NoteField => ({ id, label: id, kind: 'number', min: 0, max: 10 });

describe('scoreInputOf', () => {
  it('resolves choices to points, multiple choices to their sum, numbers to themselves', () => {
    expect(scoreInputOf('3', choice('a', 'bradenMoisture'))).toBe(3);
    expect(scoreInputOf(['historyOfFalls', 'age65'], choice('f', 'fallRiskFactors', true))).toBe(20);
    expect(scoreInputOf([], choice('f', 'fallRiskFactors', true))).toBe(0);
    expect(scoreInputOf(7, number('p'))).toBe(7);
    expect(scoreInputOf('NA', choice('q', 'phq2Answers'))).toBe('NA');
  });

  it('treats empty, unknown and misshapen values as missing', () => {
    expect(scoreInputOf(undefined, choice('a', 'bradenMoisture'))).toBeNull();
    expect(scoreInputOf('', choice('a', 'bradenMoisture'))).toBeNull();
    expect(scoreInputOf('9', choice('a', 'bradenMoisture'))).toBeNull();
    expect(scoreInputOf('historyOfFalls', choice('f', 'fallRiskFactors', true))).toBeNull();
    expect(scoreInputOf('7', number('p'))).toBeNull();
    expect(scoreInputOf(3, undefined)).toBeNull();
  });
});

describe('computeScore', () => {
  const bradenFields = [
    choice('s', 'bradenSensoryPerception'),
    choice('m', 'bradenMoisture'),
    choice('a', 'bradenActivity'),
    choice('mo', 'bradenMobility'),
    choice('n', 'bradenNutrition'),
    choice('f', 'bradenFrictionAndShear'),
  ];

  it('Braden from six choices', () => {
    expect(computeScore('braden', ['3', '3', '2', '2', '3', '2'], bradenFields)).toEqual({
      total: 15,
      level: 'Mild risk',
    });
    expect(computeScore('braden', ['3', '3', '2', '2', '3', undefined], bradenFields)).toEqual({
      total: null,
      level: null,
    });
  });

  it('fall risk from one multiple choice', () => {
    const fields = [choice('fallRiskFactors', 'fallRiskFactors', true)];
    expect(computeScore('fallRisk', [['historyOfFalls']], fields)).toEqual({ total: 15, level: 'At risk' });
    expect(computeScore('fallRisk', [['age65', 'ambulatoryAid']], fields)).toEqual({
      total: 10,
      level: 'Not at risk',
    });
    expect(computeScore('fallRisk', [undefined], fields)).toEqual({ total: 0, level: 'Not at risk' });
  });

  it('nutrition risk: every item ticked is 21', () => {
    const fields = [choice('nutrition', 'nutritionRiskFactors', true)];
    const all = [
      'illness',
      'fewMeals',
      'fewFruits',
      'alcohol',
      'mouthProblems',
      'money',
      'eatsAlone',
      'drugs',
      'weightChange',
      'unableToShop',
    ];
    expect(computeScore('nutritionRisk', [all], fields)).toEqual({ total: 21, level: 'High risk' });
    expect(computeScore('nutritionRisk', [['eatsAlone', 'drugs']], fields)).toEqual({
      total: 2,
      level: 'Good',
    });
  });

  it('pain from a number, PHQ-2 from two choices', () => {
    expect(computeScore('pain', [8], [number('pain')])).toEqual({ total: 8, level: 'Severe pain' });
    const phq = [choice('q1', 'phq2Answers'), choice('q2', 'phq2Answers')];
    expect(computeScore('phq2', ['2', '1'], phq)).toEqual({ total: 3, level: 'Positive screen' });
    expect(computeScore('phq2', ['2', 'NA'], phq)).toEqual({ total: null, level: 'NA' });
  });

  it('Norton from five choices', () => {
    const fields = [
      choice('p', 'nortonPhysicalCondition'),
      choice('m', 'nortonMentalCondition'),
      choice('a', 'nortonActivity'),
      choice('mo', 'nortonMobility'),
      choice('i', 'nortonIncontinence'),
    ];
    expect(computeScore('norton', ['4', '4', '4', '4', '4'], fields)).toEqual({
      total: 20,
      level: 'Low risk',
    });
    expect(computeScore('norton', ['1', '1', '1', '1', '1'], fields)).toEqual({
      total: 5,
      level: 'Very high risk',
    });
  });
});
