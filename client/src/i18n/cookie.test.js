import i18n, { LANGUAGE_COOKIE } from '.';

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
