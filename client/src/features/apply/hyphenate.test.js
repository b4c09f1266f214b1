import hyphenate, { hyphenatedPieces } from './hyphenate';

const SHY = '\u00ad';
const shown = (text) => text.split(SHY).join('-');

// /apply's step names and answers break between syllables on a phone, never inside one (decision 0091).
describe('soft hyphens at syllable boundaries', () => {
  test.each([
    ['Республикасының', 'Рес-пуб-ли-ка-сы-ның'],
    ['бағдарламасы', 'бағ-дар-ла-ма-сы'],
    ['Деректерді', 'Де-рек-тер-ді', 10],
    ['Гражданство', 'Граж-дан-ство', 10],
    ['педагогикалық', 'пе-да-го-ги-ка-лық'],
    ['большинством', 'боль-шин-ством'],
  ])('%s', (word, expected, minLength = 12) => {
    expect(shown(hyphenate(word, minLength))).toBe(expected);
  });

  test('only long Cyrillic words; the text reads the same without the soft hyphens', () => {
    const text = 'Қазақстан Республикасының азаматы (ғылыми-педагогикалық) Questionnaire Бакалавриат';
    const result = hyphenate(text);
    expect(shown(result)).toBe('Қазақстан Рес-пуб-ли-ка-сы-ның азаматы (ғылыми-пе-да-го-ги-ка-лық) Questionnaire Бакалавриат');
    expect(result.split(SHY).join('')).toBe(text);
    expect(hyphenate(null)).toBeNull();
    expect(hyphenate('')).toBe('');
  });

  test('at least two letters stay on each side of a break', () => {
    const pieces = hyphenate('Атааналарыныңызға', 5).split(SHY);
    expect(pieces.every((piece) => piece.length >= 2)).toBe(true);
  });

  test('long words come apart from the text around them, which is kept as it is', () => {
    const pieces = hyphenatedPieces('Оқу бағдарламасы', 10);
    expect(pieces.map((piece) => [shown(piece.text), piece.word])).toEqual([
      ['Оқу ', false],
      ['бағ-дар-ла-ма-сы', true],
    ]);
    expect(hyphenatedPieces('Анкета', 10)).toEqual([{ text: 'Анкета', word: false }]);
    expect(hyphenatedPieces(null)).toEqual([]);
    const text = 'Қазақстан Республикасының азаматы';
    expect(hyphenatedPieces(text).map((piece) => piece.text).join('').split(SHY).join('')).toBe(text);
  });
});
