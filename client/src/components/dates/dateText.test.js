import { INVALID_DATE, editSlots, sectionAt, slotsOf, storedOf, textOf } from './dateText';

const RU = 'ДД.ММ.ГГГГ';
const slots = (digits, withTime = false) => {
  const out = Array(withTime ? 12 : 8).fill('');
  digits.split('').forEach((digit, i) => {
    out[i] = digit === '_' ? '' : digit;
  });
  return out;
};
/** One edit as the browser makes it: `text` with the selection [start, end] replaced by `typed`. */
function type(current, [start, end], typed, withTime = false) {
  const text = textOf(current, withTime ? 'ДД.ММ.ГГГГ чч:мм' : RU);
  const next = text.slice(0, start) + typed + text.slice(end);
  return editSlots({ slots: current, text, next, selection: [start, end], caret: start + typed.length, withTime });
}
function backspace(current, [start, end]) {
  const text = textOf(current, RU);
  const from = start === end ? start - 1 : start;
  return editSlots({ slots: current, text, next: text.slice(0, from) + text.slice(end), selection: [start, end], caret: from });
}

describe('the date field text (dateText.js)', () => {
  test('stored values in and out: ISO dates, real dates within the range only', () => {
    expect(textOf(slotsOf('2001-03-15'), RU)).toBe('15.03.2001');
    expect(textOf(slotsOf('2001-03-15T14:30', true), 'ДД.ММ.ГГГГ чч:мм')).toBe('15.03.2001 14:30');
    expect(textOf(slotsOf(null), RU)).toBe(RU);
    expect(textOf(slotsOf(INVALID_DATE), RU)).toBe(RU);
    expect(textOf(slots('31_2'), 'КК.АА.ЖЖЖЖ')).toBe('31.А2.ЖЖЖЖ');
    expect(storedOf(slots(''))).toBeNull();
    expect(storedOf(slots('3102'))).toBe(INVALID_DATE); // half-typed
    expect(storedOf(slots('29022024'))).toBe('2024-02-29');
    expect(storedOf(slots('29022023'))).toBe(INVALID_DATE); // not a leap year
    expect(storedOf(slots('31042001'))).toBe(INVALID_DATE);
    expect(storedOf(slots('01011899'))).toBe(INVALID_DATE); // before 1900
    expect(storedOf(slots('01012101'))).toBe(INVALID_DATE);
    expect(storedOf(slots('15032001'), { min: '2001-03-16' })).toBe(INVALID_DATE);
    expect(storedOf(slots('150320011430', true), { withTime: true })).toBe('2001-03-15T14:30');
    expect(storedOf(slots('150320012430', true), { withTime: true })).toBe(INVALID_DATE);
  });

  test('digits overwrite from the caret, over a selection the selection goes first', () => {
    let edit = type(slots(''), [0, 0], '1');
    expect(edit).toEqual({ slots: slots('1'), caret: 1 });
    edit = type(edit.slots, [1, 1], '5');
    expect(edit.caret).toBe(3); // past the dot
    expect(textOf(edit.slots, RU)).toBe('15.ММ.ГГГГ');
    // A whole date typed over a shown one from its start (a click selects the day) replaces it.
    let current = slots('31022001');
    for (const [i, digit] of [...'15032001'].entries()) {
      const caret = i === 0 ? [0, 2] : [[0, 1, 3, 4, 6, 7, 8, 9][i], [0, 1, 3, 4, 6, 7, 8, 9][i]];
      current = type(current, caret, digit).slots;
    }
    expect(storedOf(current)).toBe('2001-03-15');
    expect(textOf(type(slots('15032001'), [3, 5], '1').slots, RU)).toBe('15.1М.2001');
    expect(type(slots('15032001'), [10, 10], '7').slots).toEqual(slots('15032001')); // no room left
  });

  test('a paste: the shown format or an ISO date', () => {
    expect(storedOf(type(slots(''), [0, 10], '15.03.2001').slots)).toBe('2001-03-15');
    expect(storedOf(type(slots('01'), [0, 2], '2001-03-15').slots)).toBe('2001-03-15');
  });

  test('a deletion empties the slots and moves nothing; Backspace after a dot takes the digit before it', () => {
    expect(textOf(backspace(slots('15032001'), [3, 5]).slots, RU)).toBe('15.ММ.2001');
    const edit = backspace(slots('15032001'), [3, 3]);
    expect(edit).toEqual({ slots: slots('1_032001'), caret: 1 });
    expect(backspace(slots('15032001'), [0, 10]).slots).toEqual(slots(''));
  });

  test('letters are ignored; a separator after one digit pads it and goes to the next part', () => {
    expect(type(slots('15'), [3, 3], 'a')).toEqual({ slots: slots('15'), caret: 3 });
    const padded = type(slots('1'), [1, 1], '.');
    expect(padded).toEqual({ slots: slots('01'), caret: 3 });
    expect(type(slots('15'), [2, 2], '.').caret).toBe(3);
  });

  test('a click selects the part under it, past the text the day', () => {
    expect(sectionAt(0)).toEqual([0, 2]);
    expect(sectionAt(4)).toEqual([3, 5]);
    expect(sectionAt(8)).toEqual([6, 10]);
    expect(sectionAt(10)).toEqual([0, 2]);
    expect(sectionAt(15, true)).toEqual([14, 16]);
  });
});
