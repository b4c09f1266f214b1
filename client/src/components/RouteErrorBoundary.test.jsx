/* A route whose chunk failed to download shows a message and a Retry with the focus, not a blank page (decision
 * 0077). */
import { Suspense, lazy } from 'react';
import { act, render, screen } from '@testing-library/react';
import i18n from '../i18n';
import RouteErrorBoundary from './RouteErrorBoundary';

beforeEach(async () => {
  await act(() => i18n.changeLanguage('ru'));
});

test('a lazy page that fails to load: the message and a focused Retry that reloads', async () => {
  const Broken = lazy(() => Promise.reject(new Error('Loading chunk auth failed')));
  const reload = jest.fn();
  const original = window.location;
  delete window.location;
  window.location = { ...original, reload };
  const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
  try {
    render(
      <RouteErrorBoundary>
        <Suspense fallback={<p>…</p>}>
          <Broken />
        </Suspense>
      </RouteErrorBoundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Страница не загрузилась');
    const retry = screen.getByRole('button', { name: 'Повторить' });
    expect(retry).toHaveFocus();
    retry.click();
    expect(reload).toHaveBeenCalled();
  } finally {
    quiet.mockRestore();
    window.location = original;
  }
});

test('a page that loads is shown as it is', () => {
  render(
    <RouteErrorBoundary>
      <h1>Вход</h1>
    </RouteErrorBoundary>,
  );
  expect(screen.getByRole('heading', { name: 'Вход' })).toBeInTheDocument();
});
