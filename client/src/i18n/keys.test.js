/* The three catalogues have identical key sets, and every literal key used in the code exists in all of them.
 *
 * A catalogue is the main file (i18n/<lng>.json) plus every i18n/<part>/<lng>.json (resources/, questionnaire/,
 * ...), merged into the default namespace by i18n/index.js. Each part has all three languages with identical
 * key sets, no two files define the same key, and the running i18n instance holds every key of every file. */
const fs = require('fs');
const path = require('path');

const LANGS = ['ru', 'kk', 'en'];

function flatten(obj, prefix = '', out = {}) {
  Object.entries(obj).forEach(([key, value]) => {
    const full = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) flatten(value, full, out);
    else out[full] = value;
  });
  return out;
}

/** {part: {lng: flat catalogue}}; part '' is the main file. */
const parts = { '': Object.fromEntries(LANGS.map((lng) => [lng, flatten(require(`./${lng}.json`))])) };
fs.readdirSync(__dirname, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .forEach((entry) => {
    const dir = path.join(__dirname, entry.name);
    if (!LANGS.some((lng) => fs.existsSync(path.join(dir, `${lng}.json`)))) return;
    parts[entry.name] = Object.fromEntries(
      LANGS.map((lng) => {
        const file = path.join(dir, `${lng}.json`);
        return [lng, fs.existsSync(file) ? flatten(JSON.parse(fs.readFileSync(file, 'utf8'))) : null];
      }),
    );
  });

const catalogues = Object.fromEntries(
  LANGS.map((lng) => [lng, Object.assign({}, ...Object.values(parts).map((byLng) => byLng[lng] || {}))]),
);

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.jsx?$/.test(entry.name) ? [full] : [];
  });
}

const flat = catalogues;

describe('i18n catalogue files', () => {
  test.each(Object.keys(parts).map((part) => [part || '(main)', part]))(
    '%s exists in ru, kk and en with identical key sets',
    (_name, part) => {
      LANGS.forEach((lng) => expect(parts[part][lng]).not.toBeNull());
      const ruKeys = Object.keys(parts[part].ru).sort();
      expect(Object.keys(parts[part].kk).sort()).toEqual(ruKeys);
      expect(Object.keys(parts[part].en).sort()).toEqual(ruKeys);
    },
  );

  test('no key (or subtree) is defined by two files', () => {
    const owner = new Map();
    const clashes = [];
    Object.entries(parts).forEach(([part, byLng]) => {
      Object.keys(byLng.ru || {}).forEach((key) => {
        const segments = key.split('.');
        // a key clashes with the same key, or with a leaf at one of its prefixes, in another file
        for (let i = 1; i <= segments.length; i += 1) {
          const prefix = segments.slice(0, i).join('.');
          const other = owner.get(prefix);
          if (other !== undefined && other.part !== part && (other.leaf || i === segments.length)) {
            clashes.push(`${prefix}: ${other.part || '(main)'} / ${part || '(main)'}`);
          }
        }
        owner.set(key, { part, leaf: true });
      });
    });
    expect(clashes).toEqual([]);
  });

  test('i18n/index.js merges every file into the default namespace', () => {
    const i18n = require('./index').default;
    const missing = [];
    Object.entries(parts).forEach(([part, byLng]) => {
      LANGS.forEach((lng) => {
        Object.entries(byLng[lng] || {}).forEach(([key, value]) => {
          if (i18n.getResource(lng, 'translation', key) !== value) missing.push(`${part || '(main)'}:${lng}:${key}`);
        });
      });
    });
    expect(missing).toEqual([]);
  });
});

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

  test('the sign-up rules keep the exact Russian texts of req §5', () => {
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
    // the questionnaire's form labels (forms/labels, checked by the server's tests) are bundled too
    const formLabels = Object.fromEntries(
      LANGS.map((lng) => [lng, require(path.resolve(__dirname, '../../../forms/labels', `${lng}.json`))]),
    );
    const missing = [];
    used.forEach((file, key) => {
      Object.keys(flat).forEach((lng) => {
        if (typeof flat[lng][key] !== 'string' && typeof formLabels[lng][key] !== 'string') {
          missing.push(`${lng}:${key} (${file})`);
        }
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
      // (the admin menu's keys are checked by app/admin/admin.test.jsx, the models' by api/generatedApi.test.js)
    ];
    dynamic.forEach((key) => Object.keys(flat).forEach((lng) => expect(typeof flat[lng][key]).toBe('string')));
  });
});
