import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { renderWithProviders, mockFetch } from '../../testUtils';
import SignUpForm from './SignUpForm';

describe('sign-up form validation (req §5)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ru');
  });

  test('shows the exact Russian messages and sends nothing', async () => {
    const fetchMock = mockFetch(() => ({ body: { success: true } }));
    const onSignedUp = jest.fn();
    renderWithProviders(<SignUpForm onSignedUp={onSignedUp} />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('E-mail'), 'no-at-sign.kz');
    await user.type(screen.getByLabelText('Пароль', { exact: true }), '12345');
    await user.type(screen.getByLabelText('Повторите пароль'), '54321');
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));

    expect(await screen.findByText('Пожалуйста, введите e-mail в правильном формате')).toBeInTheDocument();
    expect(screen.getByText('Пожалуйста, введите пароль длиной от 6 символов')).toBeInTheDocument();
    expect(screen.getByText('Пароли не совпадают')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onSignedUp).not.toHaveBeenCalled();
  });

  test('shows translated messages in Kazakh and English', async () => {
    mockFetch(() => ({ body: { success: true } }));
    await i18n.changeLanguage('en');
    const { unmount } = renderWithProviders(<SignUpForm onSignedUp={jest.fn()} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please enter the e-mail in a valid format')).toBeInTheDocument();
    expect(screen.getByText('Please enter a password of at least 6 characters')).toBeInTheDocument();
    unmount();

    await i18n.changeLanguage('kk');
    const second = renderWithProviders(<SignUpForm onSignedUp={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Тіркелу' }));
    expect(await screen.findByText('E-mail дұрыс форматта енгізіңіз')).toBeInTheDocument();
    second.unmount();
    await i18n.changeLanguage('ru');
  });

  test('valid data posts the sign-up body and reports success', async () => {
    const fetchMock = mockFetch(() => ({ body: { success: true } }));
    const onSignedUp = jest.fn();
    renderWithProviders(<SignUpForm onSignedUp={onSignedUp} />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('E-mail'), ' student@example.kz ');
    await user.type(screen.getByLabelText('Пароль', { exact: true }), 'secret1');
    await user.type(screen.getByLabelText('Повторите пароль'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));

    await waitFor(() => expect(onSignedUp).toHaveBeenCalledWith('student@example.kz', 'secret1'));
    const request = fetchMock.mock.calls[0][0];
    expect(request.url).toMatch(/\/api\/v1\/auth\/sign-up$/);
    const body = JSON.parse(await request.text());
    expect(body).toEqual({
      user: { email: 'student@example.kz', password: 'secret1', repeat_password: 'secret1' },
      confirmation_message_subject: 'Код подтверждения Qabyldau',
      confirmation_message_part_1: 'Ваш код подтверждения:',
    });
    expect(await screen.findByText('Код подтверждения отправлен на e-mail')).toBeInTheDocument();
  });

  test('a server failure shows the server message', async () => {
    mockFetch(() => ({
      status: 429,
      body: { success: false, message: 'Слишком много попыток', message_key: 'unknown.key', errors: {} },
    }));
    renderWithProviders(<SignUpForm onSignedUp={jest.fn()} />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('E-mail'), 'a@b.kz');
    await user.type(screen.getByLabelText('Пароль', { exact: true }), 'secret1');
    await user.type(screen.getByLabelText('Повторите пароль'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByText('Слишком много попыток')).toBeInTheDocument();
  });
});
