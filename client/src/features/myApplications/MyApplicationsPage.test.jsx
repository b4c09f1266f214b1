import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../i18n';
import { mockFetch, renderWithProviders } from '../../testUtils';
import MyApplicationsPage from './MyApplicationsPage';

test('a card per application with programme, dd.MM.yyyy date, status and the two buttons', async () => {
  mockFetch(async (url) => (url.includes('/users/payments') ? { body: { success: true, list: [], total: 0 } } : {
    body: {
      success: true,
      total: 2,
      list: [
        { id: 5, createdAt: '2025-03-09T10:00:00', submittedAt: '2025-03-10T10:00:00', status: 0, study_program: { name_ru: 'Бакалавриат', name_en: "Bachelor's degree" } },
        { id: 6, createdAt: '2025-04-01T10:00:00', submittedAt: null, status: null, study_program: { name_ru: 'MBA', name_en: 'MBA' } },
      ],
    },
  }));
  renderWithProviders(<MyApplicationsPage />);
  expect(await screen.findByTestId('application-card-5')).toHaveTextContent('Бакалавриат');
  expect(screen.getByTestId('application-date-5')).toHaveTextContent('09.03.2025');
  expect(screen.getByTestId('application-status-5')).toHaveTextContent('Рассматривается');
  expect(screen.getByTestId('application-status-6')).toHaveTextContent('Черновик');
  expect(screen.getByTestId('open-application-5')).toHaveAttribute('href', '/apply/5');
  expect(screen.getByTestId('open-application-5')).toHaveTextContent('Открыть анкету');
  // "Add application" once on the page (issue 23), not again on each card
  expect(screen.getAllByRole('link', { name: 'Добавить заявку' })).toHaveLength(1);
  expect(screen.getByTestId('add-application')).toHaveAttribute('href', '/apply');
});


test('the history toggle is a disclosure button in the link colour with an expand icon (decision 0091)', async () => {
  await i18n.changeLanguage('kk');
  try {
    mockFetch(async (url) => (url.includes('/users/payments') ? { body: { success: true, list: [], total: 0 } } : {
      body: {
        success: true,
        total: 1,
        list: [{ id: 5, createdAt: '2025-03-09T10:00:00', submittedAt: '2025-03-10T10:00:00', status: 0, study_program: { name_ru: 'Бакалавриат' } }],
      },
    }));
    renderWithProviders(<MyApplicationsPage />);
    const toggle = await screen.findByRole('button', { name: 'Өтінім тарихы' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const region = document.getElementById(toggle.getAttribute('aria-controls'));
    expect(region).toHaveAttribute('role', 'region');
    expect(region).not.toBeVisible();
    // Not plain text: a text button of the primary (link) colour, with the expand icon after its words.
    expect(toggle).toHaveClass('MuiButton-text', 'MuiButton-colorPrimary');
    expect(toggle).not.toHaveClass('MuiButton-colorInherit');
    const icon = toggle.querySelector('.MuiButton-endIcon svg');
    expect(icon).not.toBeNull();
    expect(icon).toHaveAttribute('aria-hidden', 'true');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(region).toBeVisible();
    expect(region).toHaveAccessibleName('Өтінім тарихы');
    await waitFor(() => expect(within(region).queryByRole('progressbar')).toBeNull());
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(region).not.toBeVisible();
  } finally {
    await act(async () => {
      await i18n.changeLanguage('ru');
    });
  }
});

const KZ = { id: 1, name_en: 'Citizen of the Republic of Kazakhstan', name_ru: 'Гражданин РК' };

test("a citizen's card shows the real step state, a stepper link and the status history from the state machine", async () => {
  const details = [];
  const receiptCalls = [];
  mockFetch(async (url) => {
    if (url.includes('/users/payments')) {
      // one call for every card: each card shows only its own application's receipts
      receiptCalls.push(url);
      const receipt = { payment_id: 31, application_id: 9, purpose: 'admission_fee', amount: 10000, currency: 'KZT', paid_at: '2025-03-09T11:00:00', transaction_id: 'sbx-31', provider: 'sandbox', flagged: false };
      return { body: { success: true, list: [receipt], total: 1 } };
    }
    if (url.includes('/users/application/')) {
      details.push(url);
      return {
        body: {
          success: true,
          item: {
            id: 8,
            status_history: [
              { transition: 'create', createdAt: '2025-03-09T10:00:00' },
              { transition: 'read_instruction', createdAt: '2025-03-09T10:05:00' },
              { transition: 'skip_payment', createdAt: '2025-03-10T09:00:00' },
            ],
          },
        },
      };
    }
    return {
      body: {
        success: true,
        total: 3,
        list: [
          { id: 8, createdAt: '2025-03-09T10:00:00', submittedAt: '2025-03-11T10:00:00', status: null, current_step: 5, financing: 'scholarship', citizenship: KZ, study_program: { name_ru: 'Бакалавриат' } },
          { id: 9, createdAt: '2025-03-09T10:00:00', submittedAt: null, status: null, current_step: 8, financing: 'paid', citizenship: KZ, study_program: { name_ru: 'MBA' } },
          { id: 10, createdAt: '2025-03-09T10:00:00', submittedAt: '2025-03-11T10:00:00', status: 2, current_step: 4, citizenship: { name_en: 'Uzbekistan' }, study_program: { name_ru: 'MBA' } },
        ],
      },
    };
  });
  renderWithProviders(<MyApplicationsPage />);
  expect(await screen.findByTestId('application-status-8')).toHaveTextContent('Ожидается подтверждение получения документов');
  expect(screen.getByTestId('application-status-9')).toHaveTextContent('Зачислен(а) на платной основе');
  expect(screen.getByTestId('application-status-10')).toHaveTextContent('Ожидание визы');
  expect(screen.getByTestId('open-stepper-8')).toHaveAttribute('href', '/stepper/8');
  expect(screen.queryByTestId('open-stepper-10')).toBeNull();
  expect(screen.queryByTestId('receipt-slot-8')).toBeNull(); // no confirmed payment, no receipt
  const receipt = await screen.findByTestId('payment-receipt-31');
  expect(receipt).toHaveTextContent('sbx-31');
  expect(within(screen.getByTestId('receipt-slot-9')).getByTestId('receipt-amount')).toHaveTextContent(/10\s000/);
  expect(receiptCalls).toHaveLength(1);
  expect(receiptCalls[0]).not.toContain('application_id');

  expect(details).toEqual([]); // the history loads when opened
  fireEvent.click(screen.getByTestId('toggle-history-8'));
  const history = await screen.findByTestId('application-history-8');
  expect(history).toHaveTextContent('Заявка создана');
  expect(history).toHaveTextContent('Инструкция прочитана');
  expect(history).toHaveTextContent('Освобождение от оплаты применено');
  expect(history).toHaveTextContent('10.03.2025');
});

test('switching the language fetches the list again, so documents to correct are named in the new language', async () => {
  const languages = [];
  const labels = { ru: 'Паспорт', kk: 'Төлқұжат', en: 'Passport' };
  mockFetch(async (url, request) => {
    if (url.includes('/users/payments')) return { body: { success: true, list: [], total: 0 } };
    const language = request.headers.get('Accept-Language');
    if (!url.includes('/users/applications')) return { body: { success: true } };
    languages.push(language);
    return {
      body: {
        success: true,
        total: 1,
        list: [{
          id: 12, createdAt: '2025-03-09T10:00:00', submittedAt: '2025-03-10T10:00:00', status: 0, study_program: { name_ru: 'MBA' },
          documents_to_fix: [{ form_key: 'fillStepDocumentsFiles', field: 'passport', label: labels[language], section: 'x', files: [], state: 'returned', reason: 'r', multiple: false, accept: 'pdf' }],
        }],
      },
    };
  });
  try {
    renderWithProviders(<MyApplicationsPage />);
    const passportState = () => screen.getByTestId('documents-to-fix-12');
    await waitFor(() => expect(passportState()).toHaveTextContent('Паспорт'));
    await act(() => i18n.changeLanguage('kk'));
    await waitFor(() => expect(passportState()).toHaveTextContent('Төлқұжат'));
    await act(() => i18n.changeLanguage('en'));
    await waitFor(() => expect(passportState()).toHaveTextContent('Passport'));
    expect(languages).toEqual(['ru', 'kk', 'en']);
  } finally {
    await act(() => i18n.changeLanguage('ru'));
  }
});
