/* The larger catalogues in one chunk per language (issue 27): the browser builds each language's from the catalogue
 * folders it finds (webpack contexts in ru.js / kk.js / en.js), jest and the prerender register catalogues.js. */
import fs from 'fs';
import path from 'path';
import { STAFF_FOLDERS, catalogueOf } from './catalogueOf';

const I18N = path.resolve(__dirname, '..');

it('every catalogue folder is registered in catalogues.js too (jest and the prerender read that one)', () => {
  const folders = fs
    .readdirSync(I18N, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(I18N, entry.name, 'ru.json')))
    .map((entry) => entry.name);
  expect(folders.length).toBeGreaterThan(10);
  const registry = fs.readFileSync(path.join(I18N, 'catalogues.js'), 'utf8');
  folders
    .filter((folder) => folder !== 'questionnaire') // through questionnaire/index.js, with the form labels
    .forEach((folder) => {
      ['ru', 'kk', 'en'].forEach((lng) => expect(registry).toContain(`'./${folder}/${lng}.json'`));
    });
  expect(registry).toContain("from './questionnaire'");
});

const regExpOf = (file) => new RegExp(fs.readFileSync(path.join(__dirname, file), 'utf8').match(/regExp: \/(.+)\/[,\s}]/)[1]);

it('each language file picks its own language only, the applicant part every folder but the staff ones', () => {
  ['ru', 'kk', 'en'].forEach((lng) => {
    const applicant = regExpOf(`${lng}.js`);
    const staff = regExpOf(`staff-${lng}.js`);
    expect(applicant.test(`./stepper/${lng}.json`)).toBe(true);
    expect(applicant.test(`./someNewFolder/${lng}.json`)).toBe(true); // a new folder needs no registration here
    expect(applicant.test(`./${lng}.json`)).toBe(false); // the core catalogue stays in the entry
    STAFF_FOLDERS.forEach((folder) => {
      expect(applicant.test(`./${folder}/${lng}.json`)).toBe(false);
      expect(staff.test(`./${folder}/${lng}.json`)).toBe(true);
    });
    expect(staff.test(`./stepper/${lng}.json`)).toBe(false);
    ['ru', 'kk', 'en']
      .filter((other) => other !== lng)
      .forEach((other) => {
        expect(applicant.test(`./stepper/${other}.json`)).toBe(false);
        expect(staff.test(`./admin/${other}.json`)).toBe(false);
      });
    expect(fs.readFileSync(path.join(__dirname, `forms-${lng}.js`), 'utf8')).toContain(`forms/labels/${lng}.json`);
  });
});

it('every catalogue folder on disk lands in exactly one part (a folder name with digits, such as a11y, too)', () => {
  const folders = fs
    .readdirSync(I18N, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(I18N, entry.name, 'ru.json')))
    .map((entry) => entry.name);
  expect(folders).toContain('a11y');
  ['ru', 'kk', 'en'].forEach((lng) => {
    const applicant = regExpOf(`${lng}.js`);
    const staff = regExpOf(`staff-${lng}.js`);
    folders.forEach((folder) => {
      const key = `./${folder}/${lng}.json`;
      expect([folder, applicant.test(key) !== staff.test(key)]).toEqual([folder, true]);
    });
  });
});

it('merges the folders of a context, each file once', () => {
  const files = { './a/ru.json': { a: { x: 'A' }, shared: { one: '1' } }, './b/ru.json': { b: 'B', shared: { two: '2' } } };
  const context = jest.fn((key) => files[key]);
  context.keys = () => [...Object.keys(files), 'i18n/a/ru.json'];
  expect(catalogueOf(context)).toEqual({ a: { x: 'A' }, b: 'B', shared: { one: '1', two: '2' } });
  expect(context).toHaveBeenCalledTimes(2);
});

it('the form labels are unflattened into the default namespace', () => {
  const labels = require('../../../../forms/labels/en.json');
  const key = Object.keys(labels).find((candidate) => candidate.startsWith('form.errors.'));
  const forms = require('./forms-en').default;
  expect(key.split('.').reduce((node, part) => node[part], forms)).toBe(labels[key]);
});

describe('loading', () => {
  let i18n;
  let loadCatalogues;
  let changeLanguage;
  let APPLICANT_CATALOGUES;
  let FORM_CATALOGUES;
  beforeEach(() => {
    window.localStorage.setItem('qabyldau_lang', 'ru');
    jest.isolateModules(() => {
      ({ default: i18n, loadCatalogues, changeLanguage, APPLICANT_CATALOGUES, FORM_CATALOGUES } = require('..'));
    });
  });
  afterEach(() => window.localStorage.removeItem('qabyldau_lang'));

  const KEY = 'stepper_actions.form.intro';

  it('a screen loads the larger catalogues of the interface language only', async () => {
    expect(i18n.exists(KEY)).toBe(false);
    await loadCatalogues();
    expect(i18n.exists(KEY, { lng: 'ru' })).toBe(true);
    expect(i18n.getResource('kk', 'translation', KEY)).toBeUndefined();
    expect(i18n.getResource('en', 'translation', KEY)).toBeUndefined();
    expect(i18n.exists('app.name', { lng: 'kk' })).toBe(true); // the core catalogues: all three, always
  });

  // The bundles added, by language (jest maps each part to the same texts: one call per part).
  const bundlesAdded = () => {
    const added = [];
    const real = i18n.addResourceBundle;
    jest.spyOn(i18n, 'addResourceBundle').mockImplementation((lng, ...rest) => {
      added.push(lng);
      return real(lng, ...rest);
    });
    return added;
  };
  const announced = () => {
    const events = [];
    i18n.store.on('added', (lng) => events.push(lng));
    return events;
  };

  it('an applicant screen asks for the applicant part only', async () => {
    const loaded = bundlesAdded();
    await loadCatalogues(undefined, APPLICANT_CATALOGUES);
    expect(loaded).toEqual(['ru']);
    await loadCatalogues(undefined, FORM_CATALOGUES); // the questionnaire adds its form labels
    expect(loaded).toEqual(['ru', 'ru']);
    await loadCatalogues(); // a staff screen then adds the last part, the staff screens'
    expect(loaded).toEqual(['ru', 'ru', 'ru']);
  });

  it("a part a screen waits for is added silently: the screens already drawn are not drawn again (react-i18next's 'added')", async () => {
    const events = announced();
    await loadCatalogues(undefined, APPLICANT_CATALOGUES);
    await loadCatalogues(undefined, FORM_CATALOGUES);
    expect(i18n.exists('stepper_actions.form.intro')).toBe(true);
    expect(events).toEqual([]);
  });

  it('a change of language waits for the catalogue of the new language once a screen has needed them', async () => {
    await loadCatalogues(undefined, APPLICANT_CATALOGUES);
    const loaded = bundlesAdded();
    const events = announced();
    await changeLanguage('en');
    expect(i18n.language).toBe('en');
    expect(i18n.getResource('en', 'translation', KEY)).toEqual(expect.any(String));
    expect(loaded).toEqual(['en']); // the applicant part only: no staff screen asked for the staff part
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(events).toEqual([]); // there before the switch: the switch itself draws the screens again
  });

  it('a switch behind the screens\' backs (i18n.changeLanguage) announces the parts once they arrive', async () => {
    await loadCatalogues(undefined, APPLICANT_CATALOGUES);
    const events = announced();
    await i18n.changeLanguage('kk');
    expect(i18n.getResource('kk', 'translation', KEY)).toBeUndefined(); // the screens show core texts meanwhile
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(i18n.getResource('kk', 'translation', KEY)).toEqual(expect.any(String));
    expect(events).toEqual(['kk']); // once: react-i18next draws the screens again with them
  });

  it('on /auth (nothing loaded yet) a change of language downloads nothing', async () => {
    await changeLanguage('kk');
    expect(i18n.language).toBe('kk');
    expect(i18n.getResource('kk', 'translation', KEY)).toBeUndefined();
  });
});
