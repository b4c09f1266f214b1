import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import i18n from '../../i18n';
import SavedCodesConfirm from './SavedCodesConfirm';

// The codes are shown once (decisions 0078, 0091): nobody leaves them before saying they are saved.
describe('"I have saved my recovery codes" and the button that goes on', () => {
  beforeEach(() => i18n.changeLanguage('en'));
  afterAll(() => i18n.changeLanguage('ru'));

  function draw(props = {}) {
    const onContinue = jest.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <SavedCodesConfirm label="Go on" onContinue={onContinue} buttonTestId="codes-go-on" {...props} />
      </I18nextProvider>,
    );
    return onContinue;
  }

  test('the button is enabled by ticking the box, disabled again by unticking it, and goes on when pressed', async () => {
    const onContinue = draw();
    const user = userEvent.setup({ delay: null });
    const box = screen.getByTestId('recovery-codes-saved');
    const button = screen.getByTestId('codes-go-on');
    expect(box).toBe(screen.getByRole('checkbox', { name: 'I have saved my recovery codes' }));
    expect(box).not.toBeChecked();
    expect(button).toHaveTextContent('Go on');
    expect(button).toBeDisabled();

    await user.click(box);
    expect(button).toBeEnabled();
    await user.click(box);
    expect(button).toBeDisabled();

    await user.click(box);
    await user.click(button);
    expect(onContinue).toHaveBeenCalledTimes(1);
    expect(onContinue).toHaveBeenCalledWith(); // the click event is not handed on
  });

  test('by keyboard: Space ticks the box, Tab reaches the button, Enter presses it', async () => {
    const onContinue = draw({ size: 'large', alignStart: true });
    const user = userEvent.setup({ delay: null });
    await user.tab();
    expect(screen.getByTestId('recovery-codes-saved')).toHaveFocus();
    await user.keyboard(' ');
    await user.tab();
    expect(screen.getByTestId('codes-go-on')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onContinue).toHaveBeenCalledTimes(1);
  });
});
