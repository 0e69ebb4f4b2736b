const ENGLISH = new Set(
  'the and of to for with is please patient on at in a an her his she he needs need we you this will be new referral thanks visit'.split(
    ' ',
  ),
);
const FOREIGN = new Set(
  (
    'el la los las de del que y en por para con una un su es necesitamos necesita paciente fecha nacimiento gracias visita señor señora enfermera llamen favor vive dirección teléfono médico les enviamos buenos días veces semana ' +
    'le des une pour nous avons besoin est née merci cordialement bonjour au du et il elle dans sur pas ne vous être chez domicile infirmière rue ' +
    'der die das und ist nicht mit für wir sie bitte danke'
  ).split(' '),
);

/** Whether the text reads as Spanish, French or German rather than English, by counting common words. */
export function looksNotEnglish(text: string): boolean {
  let english = 0;
  let foreign = 0;
  for (const word of text.toLowerCase().match(/[a-záéíóúñüàâçèêëîïôûù]+/g) ?? []) {
    if (ENGLISH.has(word)) english++;
    if (FOREIGN.has(word)) foreign++;
  }
  return foreign >= 5 && foreign > english * 2;
}
