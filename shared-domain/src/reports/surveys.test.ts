// The surveys' rules (decision 049): the worked example of CSAT and NPS, and the answer schema built from each
// survey's definition.
import {
  csatCounts,
  csatScore,
  formatCsat,
  formatNps,
  npsCounts,
  npsScore,
  surveyAnswersSchema,
  surveyScoreChange,
  SURVEYS,
} from './surveys';

describe('CSAT and NPS, worked example', () => {
  // Ten answers: satisfaction 5, 5, 4, 4, 4, 3, 3, 2, 1, 5 and recommend 10, 9, 9, 8, 7, 6, 5, 0, 10, 3.
  const satisfaction = [5, 5, 4, 4, 4, 3, 3, 2, 1, 5];
  const recommend = [10, 9, 9, 8, 7, 6, 5, 0, 10, 3];

  it('CSAT is the share of 4 and 5: 6 of 10 = 60.0 %', () => {
    expect(csatCounts(satisfaction)).toEqual({ answered: 10, satisfied: 6 });
    expect(csatScore(csatCounts(satisfaction))).toBe(60);
    expect(formatCsat(60)).toBe('60.0 %');
  });

  it('NPS is % promoters − % detractors: 4 promoters, 2 passives, 4 detractors = 0', () => {
    expect(npsCounts(recommend)).toEqual({ promoters: 4, passives: 2, detractors: 4 });
    expect(npsScore(npsCounts(recommend))).toBe(0);
    // 2 promoters, 1 passive of 3: 67 − 0 = +67 (rounded to a whole number).
    expect(npsScore({ promoters: 2, passives: 1, detractors: 0 })).toBe(67);
    expect(formatNps(67)).toBe('+67');
    expect(npsScore({ promoters: 0, passives: 0, detractors: 3 })).toBe(-100);
    expect(formatNps(-100)).toBe('−100');
  });

  it('has no score without an answer, and a one-decimal CSAT', () => {
    expect(csatScore({ answered: 0, satisfied: 0 })).toBeNull();
    expect(npsScore({ promoters: 0, passives: 0, detractors: 0 })).toBeNull();
    expect(formatCsat(null)).toBe('—');
    expect(csatScore({ answered: 3, satisfied: 2 })).toBe(66.7);
  });

  it('gives the change from the prior period in points', () => {
    expect(surveyScoreChange(60, 50, 'csat')).toEqual({ delta: 10, text: '+10.0 pts' });
    expect(surveyScoreChange(-5, 12, 'nps')).toEqual({ delta: -17, text: '−17 pts' });
    expect(surveyScoreChange(null, 12, 'nps')).toBeNull();
  });
});

describe('surveyAnswersSchema', () => {
  const schema = surveyAnswersSchema('clinician');
  const fieldsOf = (value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
  };

  it('takes both scales and an optional comment, dropping an empty one', () => {
    expect(schema.parse({ satisfaction: 5, recommend: 0, comment: '  Great team.  ' })).toEqual({
      satisfaction: 5,
      recommend: 0,
      comment: 'Great team.',
    });
    expect(schema.parse({ satisfaction: 1, recommend: 10, comment: '' })).toEqual({
      satisfaction: 1,
      recommend: 10,
    });
  });

  it('names the question out of range, missing, not whole, too long or unknown', () => {
    expect(fieldsOf({ satisfaction: 6, recommend: 5 })).toEqual(['satisfaction']);
    expect(fieldsOf({ satisfaction: 0, recommend: 5 })).toEqual(['satisfaction']);
    expect(fieldsOf({ satisfaction: 3, recommend: 11 })).toEqual(['recommend']);
    expect(fieldsOf({ satisfaction: 3, recommend: 2.5 })).toEqual(['recommend']);
    expect(fieldsOf({ satisfaction: 3 })).toEqual(['recommend']);
    expect(fieldsOf({ satisfaction: 3, recommend: 4, comment: 'x'.repeat(2001) })).toEqual(['comment']);
    expect(fieldsOf({ satisfaction: 3, recommend: 4, mood: 'fine' })).toEqual(['']);
    expect(schema.safeParse({ satisfaction: 6, recommend: 5 }).error?.issues[0]?.message).toBe(
      'must be a whole number from 1 to 5',
    );
  });

  it('has one satisfaction, one recommend and one comment question in each survey', () => {
    for (const survey of Object.values(SURVEYS))
      expect(survey.questions.map((q) => [q.id, q.kind])).toEqual([
        ['satisfaction', 'csat'],
        ['recommend', 'nps'],
        ['comment', 'text'],
      ]);
  });
});
