/* Soft hyphens (U+00AD) at the syllable boundaries of long Cyrillic words — Russian and Kazakh — so a word too wide
 * for a phone's quarter-screen step column breaks where a hyphen belongs, with the hyphen shown, instead of wherever
 * the line ran out ("Республикасы|ның"; decision 0091). Browsers' `hyphens: auto` has no Kazakh dictionary and, in
 * Chromium on desktop Linux and Windows, often none at all. A soft hyphen is invisible unless the line breaks there,
 * and screen readers skip it.
 *
 * The rule of Russian and Kazakh school grammar, between two vowels: one consonant starts the next syllable (ма|ма);
 * of two or more, the first stays behind (рес|пуб|ли|ка, граж|дан|ство), and so do ь, ъ and й after it (боль|шин);
 * two vowels side by side are not split; at least two letters stay on each side. Latin words are left alone: English
 * hyphenation is no such rule. */
const VOWELS = 'аәеёиоөуұүыіэюя';
const STAYS_BEHIND = 'ьъй';
const WORD = /[а-яёәғқңөұүһі]+/gi;
const SHY = '\u00ad';

function syllables(word) {
  const lower = word.toLowerCase();
  const vowels = [...lower].flatMap((letter, i) => (VOWELS.includes(letter) ? [i] : []));
  const breaks = new Set();
  for (let k = 0; k + 1 < vowels.length; k += 1) {
    const consonants = vowels[k + 1] - vowels[k] - 1;
    if (consonants === 0) continue;
    let at = consonants === 1 ? vowels[k] + 1 : vowels[k] + 2; // before the single consonant, or after the first
    while (at < vowels[k + 1] && STAYS_BEHIND.includes(lower[at])) at += 1;
    if (at >= 2 && at <= word.length - 2 && at <= vowels[k + 1]) breaks.add(at);
  }
  return [...word].map((letter, i) => (breaks.has(i) ? SHY : '') + letter).join('');
}

/** `text` with soft hyphens in its Cyrillic words of `minLength` letters or more (shorter ones fit as they are). */
export default function hyphenate(text, minLength = 12) {
  if (!text) return text;
  return String(text).replace(WORD, (word) => (word.length >= minLength ? syllables(word) : word));
}

/** `text` cut into pieces, [{text, word}]: the hyphenated long words (`word: true`) and the text between them. A
 * line filled greedily would take a soft hyphen even where the whole word fits on the next line ("Оқу бағдарлама-|сы"
 * in a 120 px column): the caller sets each long word apart (an inline-block), so a line breaks between words first
 * and inside a word only when the word alone is wider than the line. */
export function hyphenatedPieces(text, minLength = 12) {
  if (!text) return [];
  const pieces = [];
  let last = 0;
  String(text).replace(WORD, (word, at, whole) => {
    if (word.length < minLength) return word;
    if (at > last) pieces.push({ text: whole.slice(last, at), word: false });
    pieces.push({ text: syllables(word), word: true });
    last = at + word.length;
    return word;
  });
  if (last < String(text).length) pieces.push({ text: String(text).slice(last), word: false });
  return pieces;
}
