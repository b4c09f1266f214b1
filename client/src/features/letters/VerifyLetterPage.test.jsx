import { screen } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '../../testUtils';
import VerifyLetterPage from './VerifyLetterPage';

const LETTER = {
  kind: 'acceptance',
  holder_name: 'Smith John',
  program: { ru: 'Информатика', kk: 'Информатика', en: 'Computer Science' },
  issued_at: '2026-11-27T04:00:00+00:00',
  version: 1,
};

function open(code) {
  return renderWithProviders(<VerifyLetterPage />, { route: `/verify/${code}`, path: '/verify/:code' });
}

test('a valid letter shows the minimum: name, kind, programme and date', async () => {
  const fetch = mockFetch(async () => ({ body: { success: true, status: 'valid', letter: LETTER } }));
  open('ABCD0123EFGH4567');
  expect(await screen.findByTestId('verify-status-valid')).toHaveTextContent('Письмо действительно');
  const facts = screen.getByTestId('verify-facts');
  expect(facts).toHaveTextContent('Smith John');
  expect(facts).toHaveTextContent('Письмо о зачислении (для визы)');
  expect(facts).toHaveTextContent('Информатика');
  expect(facts).toHaveTextContent('27.11.2026');
  expect(fetch.mock.calls[0][0].url).toContain('/api/v1/letters/verify/ABCD0123EFGH4567');
});

test('a revoked letter says so', async () => {
  mockFetch(async () => ({ body: { success: true, status: 'revoked', letter: LETTER } }));
  open('ABCD0123EFGH4567');
  expect(await screen.findByTestId('verify-status-revoked')).toHaveTextContent('отозвано');
});

test('an unknown code says that no letter has it', async () => {
  mockFetch(async () => ({ status: 404, body: { success: false, message_key: 'letters.unknown_code' } }));
  open('nothing');
  expect(await screen.findByTestId('verify-status-unknown')).toHaveTextContent('не найдено');
  expect(screen.queryByTestId('verify-facts')).toBeNull();
});
