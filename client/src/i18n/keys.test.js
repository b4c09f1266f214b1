/* The three catalogues have identical key sets, and every literal key used in the code exists in all of them. */
const fs = require('fs');
const path = require('path');

const ru = require('./ru.json');
const kk = require('./kk.json');
const en = require('./en.json');

const catalogues = { ru, kk, en };

function flatten(obj, prefix = '', out = {}) {
  Object.entries(obj).forEach(([key, value]) => {
    const full = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) flatten(value, full, out);
    else out[full] = value;
  });
  return out;
}

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.jsx?$/.test(entry.name) ? [full] : [];
  });
}

const flat = Object.fromEntries(Object.entries(catalogues).map(([lng, c]) => [lng, flatten(c)]));

describe('i18n catalogues', () => {
  test.each(['kk', 'en'])('%s has exactly the keys of ru', (lng) => {
    const ruKeys = Object.keys(flat.ru).sort();
    const other = Object.keys(flat[lng]).sort();
    expect(other.filter((k) => !(k in flat.ru))).toEqual([]);
    expect(ruKeys.filter((k) => !(k in flat[lng]))).toEqual([]);
    expect(other).toEqual(ruKeys);
  });

  test('no catalogue has an empty text', () => {
    Object.entries(flat).forEach(([lng, entries]) => {
      const empty = Object.entries(entries)
        .filter(([, v]) => typeof v !== 'string' || !v.trim())
        .map(([k]) => `${lng}:${k}`);
      expect(empty).toEqual([]);
    });
  });

  test('the sign-up rules keep the exact Russian texts of spec §5', () => {
    expect(flat.ru['validation.email']).toBe('Пожалуйста, введите e-mail в правильном формате');
    expect(flat.ru['validation.password_min']).toBe('Пожалуйста, введите пароль длиной от 6 символов');
    expect(flat.ru['validation.passwords_mismatch']).toBe('Пароли не совпадают');
    expect(flat.ru['messages.auth.wrong_code']).toBe('Неверный код');
    expect(flat.ru['errors.try_again_later']).toBe('Произошла ошибка. Пожалуйста, повторите позднее');
  });

  test('every literal key used in the code exists in ru, kk and en', () => {
    const srcRoot = path.resolve(__dirname, '..');
    const patterns = [/\bt\(\s*'([^'\\]+)'/g, /\bt\(\s*"([^"\\]+)"/g, /i18nKey=["']([^"']+)["']/g];
    const used = new Map();
    sourceFiles(srcRoot).forEach((file) => {
      const text = fs.readFileSync(file, 'utf8');
      patterns.forEach((re) => {
        for (const m of text.matchAll(re)) {
          if (!used.has(m[1])) used.set(m[1], path.relative(srcRoot, file));
        }
      });
    });
    expect(used.size).toBeGreaterThan(50);
    const missing = [];
    used.forEach((file, key) => {
      Object.keys(flat).forEach((lng) => {
        if (typeof flat[lng][key] !== 'string') missing.push(`${lng}:${key} (${file})`);
      });
    });
    expect(missing).toEqual([]);
  });

  test('keys built at run time exist too', () => {
    const dynamic = [
      'language.names.ru',
      'language.names.kk',
      'language.names.en',
      'messages.forgot-password-passwords-not-equal',
    ];
    dynamic.forEach((key) => Object.keys(flat).forEach((lng) => expect(typeof flat[lng][key]).toBe('string')));
  });
});
