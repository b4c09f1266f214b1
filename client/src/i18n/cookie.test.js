import i18n, { LANGUAGE_COOKIE, changeLanguage, loadCatalogues } from '.';

const cookieLanguage = () => {
  const match = document.cookie.match(new RegExp(`(?:^|; )${LANGUAGE_COOKIE}=([^;]*)`));
  return match && match[1];
};

it('mirrors the interface language in the cookie the server picks the prerendered /auth page by', async () => {
  expect(cookieLanguage()).toBe(i18n.language);
  await i18n.changeLanguage('kk');
  expect(cookieLanguage()).toBe('kk');
  await i18n.changeLanguage('en');
  expect(cookieLanguage()).toBe('en');
  await i18n.changeLanguage('ru');
  expect(cookieLanguage()).toBe('ru');
});

it('starts in the cookie language when nothing is stored (so the prerendered page it was served can hydrate)', () => {
  window.localStorage.removeItem('qabyldau_lang');
  document.cookie = `${LANGUAGE_COOKIE}=kk; path=/`;
  jest.isolateModules(() => {
    const fresh = require('.').default;
    expect(fresh.language).toBe('kk');
  });
  window.localStorage.setItem('qabyldau_lang', 'en');
  jest.isolateModules(() => {
    expect(require('.').default.language).toBe('en'); // a stored choice wins
  });
});

it('keeps a choice made with the language buttons at once, before the new texts have arrived', async () => {
  await i18n.changeLanguage('ru');
  await loadCatalogues('ru'); // a screen has needed the larger catalogues: the switch waits for their kk part
  const switched = changeLanguage('kk');
  // Synchronously: a link followed (or a reload) right after the click opens in Kazakh.
  expect(cookieLanguage()).toBe('kk');
  expect(window.localStorage.getItem('qabyldau_lang')).toBe('kk');
  await switched;
  expect(i18n.language).toBe('kk');
  await i18n.changeLanguage('ru');
});
