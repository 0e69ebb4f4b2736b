// The care-plan goal builder (SPEC §4): category → person → action → phrase → fill-ins → optional timeframe, giving
// one goal sentence stored with its parts. The phrase library is data (templates editable by administrators); the
// German text is for the template phrase only (SPEC §9).
import { z } from 'zod';

export const GOAL_CATEGORIES = [
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
] as const;
export type GoalCategory = (typeof GOAL_CATEGORIES)[number];

export const GOAL_PERSONS = ['Patient', 'Caregiver', 'Patient/Caregiver'] as const;
export type GoalPerson = (typeof GOAL_PERSONS)[number];

export const GOAL_ACTIONS = ['will demonstrate', 'will verbalize', 'will have'] as const;

/** The SPEC §4 timeframes and one per goal duration (1-9 weeks, option list goalDurations). */
export const GOAL_TIMEFRAMES = [
  'throughout certification period',
  'every 4 weeks',
  'within 1 week',
  'within 2 weeks',
  'within 3 weeks',
  'within 4 weeks',
  'within 5 weeks',
  'within 6 weeks',
  'within 7 weeks',
  'within 8 weeks',
  'within 9 weeks',
] as const;
export type GoalTimeframe = (typeof GOAL_TIMEFRAMES)[number];

export type GoalPhraseSeed = {
  category: GoalCategory;
  person: GoalPerson;
  action: string;
  phrase: string;
  phraseDe: string;
};

const seed = (
  category: GoalCategory,
  person: GoalPerson,
  action: (typeof GOAL_ACTIONS)[number],
  phrase: string,
  phraseDe: string,
): GoalPhraseSeed => ({ category, person, action, phrase, phraseDe });

export const GOAL_PHRASE_SEED: readonly GoalPhraseSeed[] = [
  seed(
    'Sensory',
    'Patient',
    'will demonstrate',
    'proper use and care of {device}',
    'die richtige Anwendung und Pflege von {device}',
  ),
  seed(
    'Sensory',
    'Patient/Caregiver',
    'will verbalize',
    'measures to protect the eyes and ears from injury',
    'Maßnahmen zum Schutz von Augen und Ohren vor Verletzungen',
  ),
  seed(
    'Integumentary',
    'Patient',
    'will have',
    'a wound on the {location} decreased in size to {length} x {width} cm',
    'eine Wunde am {location}, die auf {length} x {width} cm verkleinert ist',
  ),
  seed(
    'Integumentary',
    'Caregiver',
    'will demonstrate',
    'correct wound care using aseptic technique',
    'korrekte Wundversorgung mit aseptischer Technik',
  ),
  seed(
    'Integumentary',
    'Patient',
    'will have',
    'intact skin without new pressure injuries',
    'intakte Haut ohne neue Druckverletzungen',
  ),
  seed(
    'Respiratory',
    'Patient',
    'will have',
    'oxygen saturation at or above {percent}% on {liters} L/min of oxygen',
    'eine Sauerstoffsättigung von mindestens {percent}% bei {liters} L/min Sauerstoff',
  ),
  seed(
    'Respiratory',
    'Patient',
    'will demonstrate',
    'pursed-lip breathing and energy conservation techniques',
    'Lippenbremse und energiesparende Techniken',
  ),
  seed(
    'Endocrine',
    'Patient',
    'will demonstrate',
    'blood glucose between {low} and {high} mg/dL',
    'einen Blutzucker zwischen {low} und {high} mg/dL',
  ),
  seed(
    'Endocrine',
    'Patient/Caregiver',
    'will demonstrate',
    'correct blood glucose self-monitoring',
    'korrekte Blutzuckerselbstkontrolle',
  ),
  seed(
    'Endocrine',
    'Patient',
    'will verbalize',
    'the signs and symptoms of hypoglycemia and hyperglycemia',
    'die Anzeichen und Symptome von Unter- und Überzuckerung',
  ),
  seed(
    'Cardiovascular',
    'Patient',
    'will have',
    'blood pressure below {systolic}/{diastolic} mmHg',
    'einen Blutdruck unter {systolic}/{diastolic} mmHg',
  ),
  seed(
    'Cardiovascular',
    'Patient',
    'will verbalize',
    'the signs and symptoms of heart failure to report to the physician',
    'die dem Arzt zu meldenden Anzeichen und Symptome einer Herzinsuffizienz',
  ),
  seed(
    'Cardiovascular',
    'Patient',
    'will have',
    'a weight gain of no more than {pounds} lb in 24 hours',
    'eine Gewichtszunahme von höchstens {pounds} lb in 24 Stunden',
  ),
  seed(
    'Elimination',
    'Patient',
    'will have',
    'a bowel movement at least every {days} days',
    'mindestens alle {days} Tage Stuhlgang',
  ),
  seed(
    'Elimination',
    'Patient/Caregiver',
    'will demonstrate',
    'proper ostomy care',
    'die richtige Stomaversorgung',
  ),
  seed(
    'Diet/Nutrition',
    'Patient',
    'will verbalize',
    'understanding of a {diet} diet',
    'Verständnis einer {diet} Diät',
  ),
  seed(
    'Diet/Nutrition',
    'Patient',
    'will have',
    'a weight maintained between {low} and {high} lb',
    'ein Gewicht zwischen {low} und {high} lb',
  ),
  seed(
    'Neuro/Emotional/Behavioral',
    'Patient',
    'will verbalize',
    'a decrease in anxiety to a manageable level',
    'eine Abnahme der Angst auf ein erträgliches Maß',
  ),
  seed(
    'Neuro/Emotional/Behavioral',
    'Patient',
    'will demonstrate',
    'orientation to person, place and time',
    'Orientierung zu Person, Ort und Zeit',
  ),
  seed(
    'Medication Profile',
    'Patient/Caregiver',
    'will verbalize',
    'the purpose, dose and side effects of {medication}',
    'Zweck, Dosis und Nebenwirkungen von {medication}',
  ),
  seed(
    'Medication Profile',
    'Patient',
    'will demonstrate',
    'correct use of a medication organizer',
    'die richtige Verwendung eines Medikamentendosierers',
  ),
  seed(
    'Subcutaneous',
    'Patient/Caregiver',
    'will demonstrate',
    'correct subcutaneous injection of {medication}',
    'die korrekte subkutane Injektion von {medication}',
  ),
  seed(
    'Subcutaneous',
    'Patient',
    'will have',
    'injection sites free of signs of infection',
    'Injektionsstellen ohne Anzeichen einer Infektion',
  ),
  seed(
    'ADLs/IADLs',
    'Patient',
    'will demonstrate',
    'independent bathing using {device}',
    'selbstständiges Baden mit {device}',
  ),
  seed(
    'ADLs/IADLs',
    'Patient',
    'will demonstrate',
    'safe transfers with {assistLevel} assistance',
    'sichere Transfers mit {assistLevel} Unterstützung',
  ),
  seed(
    'Infusion',
    'Patient',
    'will have',
    'an IV site free of signs of infiltration and infection',
    'eine Infusionsstelle ohne Anzeichen von Paravasat und Infektion',
  ),
  seed(
    'Infusion',
    'Caregiver',
    'will demonstrate',
    'proper flushing of the {line} line',
    'das richtige Spülen des {line} Zugangs',
  ),
  seed(
    'Pain',
    'Patient',
    'will verbalize',
    'pain at or below {level} on a 0-10 scale',
    'Schmerzen von höchstens {level} auf einer Skala von 0 bis 10',
  ),
  seed(
    'Pain',
    'Patient',
    'will demonstrate',
    'use of non-pharmacological pain relief methods',
    'die Anwendung nicht-medikamentöser Methoden zur Schmerzlinderung',
  ),
  seed('Falls', 'Patient', 'will have', 'no falls', 'keine Stürze'),
  seed(
    'Falls',
    'Patient/Caregiver',
    'will verbalize',
    'at least {count} fall prevention measures',
    'mindestens {count} Maßnahmen zur Sturzprävention',
  ),
  seed(
    'Infection',
    'Patient',
    'will have',
    'a temperature below {temperature} °F',
    'eine Temperatur unter {temperature} °F',
  ),
  seed(
    'Infection',
    'Patient/Caregiver',
    'will demonstrate',
    'proper hand hygiene',
    'die richtige Händehygiene',
  ),
  seed(
    'COVID 19',
    'Patient/Caregiver',
    'will verbalize',
    'the COVID-19 symptoms to report to the physician',
    'die dem Arzt zu meldenden COVID-19-Symptome',
  ),
  seed(
    'COVID 19',
    'Patient',
    'will demonstrate',
    'correct use of a face mask',
    'das richtige Tragen einer Gesichtsmaske',
  ),
  seed(
    'Hospitalization',
    'Patient',
    'will have',
    'no unplanned hospitalizations',
    'keine ungeplanten Krankenhausaufenthalte',
  ),
  seed(
    'Hospitalization',
    'Patient/Caregiver',
    'will verbalize',
    'when to call the agency before calling 911',
    'wann die Agentur vor dem Notruf 911 anzurufen ist',
  ),
  seed(
    'Urinary',
    'Patient',
    'will have',
    'a patent Foley catheter without signs of urinary tract infection',
    'einen durchgängigen Blasenkatheter ohne Anzeichen einer Harnwegsinfektion',
  ),
  seed(
    'Urinary',
    'Patient/Caregiver',
    'will demonstrate',
    'proper catheter and drainage bag care',
    'die richtige Pflege von Katheter und Urinbeutel',
  ),
];

const FILL_IN = /\{([a-zA-Z][a-zA-Z0-9_]*)\}/g;

/** The fill-in names of a phrase, in order, each once: 'between {low} and {high}' → ['low', 'high']. */
export function fillInsOf(phrase: string): string[] {
  return [...new Set([...phrase.matchAll(FILL_IN)].map((match) => match[1]!))];
}

export type GoalParts = {
  person: string;
  action: string;
  phrase: string;
  fillIns: Readonly<Record<string, string>>;
  timeframe?: string | null;
};

export type GoalSentenceResult = { ok: true; text: string } | { ok: false; missing: string[] };

/** 'Patient will demonstrate blood glucose between 80 and 130 mg/dL within 4 weeks.'; refused while a fill-in is blank. */
export function buildGoalSentence(parts: GoalParts): GoalSentenceResult {
  const value = (name: string) => (parts.fillIns[name] ?? '').trim();
  const missing = fillInsOf(parts.phrase).filter((name) => value(name) === '');
  if (missing.length > 0) return { ok: false, missing };
  const phrase = parts.phrase
    .replace(FILL_IN, (_, name: string) => value(name))
    .trim()
    .replace(/\.+$/, '');
  const words = [parts.person, parts.action, phrase, parts.timeframe ?? '']
    .map((w) => w.trim())
    .filter(Boolean);
  return { ok: true, text: `${words.join(' ')}.` };
}

export const goalSchema = z.object({
  category: z.enum(GOAL_CATEGORIES),
  person: z.string().trim().min(1).max(100),
  action: z.string().trim().min(1).max(100),
  phrase: z.string().trim().min(1).max(500),
  fillIns: z.record(z.string(), z.string().max(200)),
  timeframe: z.enum(GOAL_TIMEFRAMES).nullable(),
  text: z.string().min(1).max(1000),
});
export type Goal = z.infer<typeof goalSchema>;

export const GOAL_MESSAGES = {
  shape: 'must be a goal from the goal builder',
  fillIns: 'has a blank or unknown fill-in',
  text: 'does not match its parts',
} as const;

/** Why a stored goal is not a goal of the builder, or null. */
export function goalError(goal: unknown): string | null {
  const parsed = goalSchema.safeParse(goal);
  if (!parsed.success) return GOAL_MESSAGES.shape;
  const names = fillInsOf(parsed.data.phrase);
  if (Object.keys(parsed.data.fillIns).some((key) => !names.includes(key))) return GOAL_MESSAGES.fillIns;
  const built = buildGoalSentence(parsed.data);
  if (!built.ok) return GOAL_MESSAGES.fillIns;
  return built.text === parsed.data.text ? null : GOAL_MESSAGES.text;
}
