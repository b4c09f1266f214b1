/* The staff "Settings" area (issue 23): the menu item, the landing page of the sections the user's roles allow in
 * this shell, and a section's lazy page (or "not found" when the role does not allow it there). */
import { screen } from '@testing-library/react';
import { ROLE_KEYS } from '../../domain';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { mockFetch, renderWithProviders } from '../../testUtils';
import { menuItemsFor } from './menu';
import { SettingsLandingPage, SettingsSectionPage } from './SettingsPage';
import { SETTINGS_SECTIONS, settingsRolesOf } from './settingsSections';

const KZ = { key: 'kz', base: '/admin/kz', segment: 'KZ' };
const FOREIGN = { key: 'foreign', base: '/admin', segment: 'FOREIGN' };
const kzAdmin = { id: 1, email: 'kz@u.kz', token: 'tk', is_verified: true, roles: [{ name: 'Админ (граждане КЗ)' }] };
const foreignAdmin = { id: 2, email: 'f@u.kz', token: 'tk', is_verified: true, roles: [{ name: 'Админ' }] };

function Probe({ shell }) {
  return <p data-testid="probe-section">{shell.key}</p>;
}
const SECTIONS = [
  ...SETTINGS_SECTIONS,
  { key: 'probe', path: 'probe', labelKey: 'settings.title', descriptionKey: 'settings.intro', roles: [ROLE_KEYS.kzAdmin], shells: ['kz'], load: async () => ({ default: Probe }) },
];

beforeEach(() => {
  i18n.changeLanguage('ru');
  mockFetch(async () => ({ body: { list: [], total: 0 } }));
});

test('every section is a plain object with what the registry needs', () => {
  const keys = SETTINGS_SECTIONS.map((section) => section.key);
  expect(new Set(keys).size).toBe(keys.length);
  SETTINGS_SECTIONS.forEach((section) => {
    expect(section).toEqual(
      expect.objectContaining({ path: expect.any(String), labelKey: expect.any(String), descriptionKey: expect.any(String), load: expect.any(Function) }),
    );
    expect(section.roles.length).toBeGreaterThan(0);
    expect(section.shells.every((shell) => ['foreign', 'kz'].includes(shell))).toBe(true);
  });
});

test('"Settings" is in the menu of each admin shell, for the roles of its sections', () => {
  expect(menuItemsFor(kzAdmin, 'kz').map((item) => item.key)).toContain('kz_settings');
  expect(menuItemsFor(foreignAdmin, 'foreign').map((item) => item.key)).toContain('settings');
  expect(settingsRolesOf('kz')).toEqual(expect.arrayContaining([ROLE_KEYS.kzAdmin]));
  // A role that no section of a shell allows does not see "Settings" there.
  expect(settingsRolesOf('kz', [SETTINGS_SECTIONS[0]])).toEqual([ROLE_KEYS.kzAdmin]);
});

test('the landing page lists the sections the citizens admin may open in the KZ shell', async () => {
  setUser(kzAdmin);
  renderWithProviders(<SettingsLandingPage shell={KZ} />);
  expect(await screen.findByRole('heading', { level: 1, name: 'Настройки' })).toBeInTheDocument();
  expect(screen.getByTestId('settings-section-grants')).toHaveAttribute('href', '/admin/kz/settings/grants');
  expect(screen.getByTestId('settings-section-grants')).toHaveTextContent('Список обладателей госгранта');
  expect(screen.getByTestId('settings-section-kz_payments')).toHaveAttribute('href', '/admin/kz/settings/payments');
});

test('the foreign admin sees no grant list in the foreign shell, and an unknown role sees the empty state', async () => {
  setUser(foreignAdmin);
  const { unmount } = renderWithProviders(<SettingsLandingPage shell={FOREIGN} />);
  expect(await screen.findByTestId('settings-section-payments')).toBeInTheDocument();
  expect(screen.queryByTestId('settings-section-grants')).toBeNull();
  unmount();
  i18n.changeLanguage('kk');
  renderWithProviders(<SettingsLandingPage shell={FOREIGN} sections={[]} />);
  expect(await screen.findByTestId('settings-empty')).toHaveTextContent('Бұл бөлімде сіздің рөліңізге арналған баптаулар жоқ.');
});

test('a section opens as its lazy page; one the role does not allow there is "not found"', async () => {
  setUser(kzAdmin);
  const { unmount } = renderWithProviders(<SettingsSectionPage shell={KZ} sections={SECTIONS} />, {
    route: '/admin/kz/settings/probe',
    path: '/admin/kz/settings/:section/*',
  });
  expect(await screen.findByTestId('probe-section')).toHaveTextContent('kz');
  unmount();
  setUser(foreignAdmin);
  renderWithProviders(<SettingsSectionPage shell={FOREIGN} sections={SECTIONS} />, {
    route: '/admin/settings/grants',
    path: '/admin/settings/:section/*',
  });
  expect(await screen.findByTestId('admin-not-found')).toBeInTheDocument();
});
