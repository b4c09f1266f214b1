/* Names in three languages (issue 10; decision 0073): shown in the interface language, falling back to Russian. */
import { localizedName } from '../i18n';
import { groupNameFields, rowTitle } from './resource';

describe('localizedName', () => {
  const hall = { id: 1, name: 'Общежитие «Шаңырақ»', name_kk: '«Шаңырақ» жатақханасы', name_en: '' };
  const program = { id: 2, name_ru: 'Информатика', name_kk: '', name_en: 'Computer science' };

  test('the interface language when filled', () => {
    expect(localizedName(hall, 'kk')).toBe('«Шаңырақ» жатақханасы');
    expect(localizedName(program, 'en')).toBe('Computer science');
    expect(localizedName(hall, 'ru')).toBe('Общежитие «Шаңырақ»');
    expect(localizedName(program, 'ru')).toBe('Информатика');
  });

  test('Russian when the language is empty or blank — name on the dormitory, name_ru on reference data', () => {
    expect(localizedName(hall, 'en')).toBe('Общежитие «Шаңырақ»');
    expect(localizedName(program, 'kk')).toBe('Информатика');
    expect(localizedName({ name: 'Корпус А', name_kk: '   ', name_en: null }, 'kk')).toBe('Корпус А');
    // Russian wins over English for ru even when name_ru is absent (the dormitory rows have `name`).
    expect(localizedName({ name: 'Корпус А', name_en: 'Building A' }, 'ru')).toBe('Корпус А');
  });

  test('anything rather than nothing; nothing for no item', () => {
    expect(localizedName({ name_en: 'Only English' }, 'kk')).toBe('Only English');
    expect(localizedName(null, 'ru')).toBe('');
  });
});

describe('rowTitle', () => {
  test('localizes the dormitory display field `name`', () => {
    const building = { id: 3, name: 'Корпус А', name_kk: 'А корпусы', name_en: 'Building A' };
    expect(rowTitle(building, 'name', 'kk')).toBe('А корпусы');
    expect(rowTitle(building, 'name', 'en')).toBe('Building A');
    expect(rowTitle({ ...building, name_en: '' }, 'name', 'en')).toBe('Корпус А');
    expect(rowTitle({ id: 4, name: '' }, 'name', 'en')).toBe('#4');
  });
});

describe('groupNameFields', () => {
  const field = (name) => ({ name });

  test('the names form one group where the first of them stands, Russian first', () => {
    const layout = groupNameFields(['capacity', 'name_en', 'name', 'name_kk', 'price'].map(field));
    expect(layout.map((item) => item.key)).toEqual(['capacity', 'names', 'price']);
    expect(layout[1].names.map((f) => f.name)).toEqual(['name', 'name_kk', 'name_en']);
    const reference = groupNameFields(['code', 'name_ru', 'name_en', 'name_kk'].map(field));
    expect(reference[1].names.map((f) => f.name)).toEqual(['name_ru', 'name_kk', 'name_en']);
  });

  test('a single name field stays on its own', () => {
    expect(groupNameFields(['name', 'order'].map(field))).toEqual([
      { key: 'name', field: { name: 'name' } },
      { key: 'order', field: { name: 'order' } },
    ]);
  });
});
