/* The shared focus pieces of decision 0077: how the focus is moved, the live region, the title, the skip link, the
 * route and step-change rules and the focus keeper of busy controls. */
import { useRef, useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import i18n from '../../i18n';
import { renderWithProviders } from '../../testUtils';
import { MAIN_ID, canFocus, focusElement, focusIsLost, mainHeading } from './focusElement';
import { firstTabbable, focusWhenDrawn } from './focusTargets';
import { announce, ensureLiveRegion } from './announce';
import useAnnounceChange from './useAnnounceChange';
import useFocusOnChange from './useFocusOnChange';
import useDocumentTitle from './useDocumentTitle';
import useRouteFocus from './useRouteFocus';
import SkipLink from './SkipLink';
import useListboxNavigation from './useListboxNavigation';
import { keepFocusThroughBusyControls } from './focusKeeper';

beforeEach(async () => {
  await act(() => i18n.changeLanguage('ru'));
});

describe('focusElement, firstTabbable', () => {
  test('a heading gets tabindex -1 (reachable by script, never a Tab stop); disabled and inert parts refuse', () => {
    render(
      <div>
        <h2>Заголовок</h2>
        <button type="button" disabled>
          Нет
        </button>
        <div inert="">
          <button type="button">Скрыта</button>
        </div>
      </div>,
    );
    const heading = screen.getByRole('heading');
    expect(focusElement(heading)).toBe(true);
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(focusElement(screen.getByRole('button', { name: 'Нет' }))).toBe(false);
    expect(canFocus(screen.getByText('Скрыта'))).toBe(false);
    expect(focusElement(null)).toBe(false);
  });

  test('focusIsLost: on <body>, or on an element that left the page', () => {
    const { unmount } = render(<button type="button">Кнопка</button>);
    document.body.focus();
    expect(focusIsLost()).toBe(true);
    screen.getByRole('button').focus();
    expect(focusIsLost()).toBe(false);
    unmount();
    expect(focusIsLost()).toBe(true);
  });

  test('firstTabbable skips tabindex -1, disabled and hidden inputs; a selector narrows it', () => {
    render(
      <div data-testid="box">
        <input type="file" tabIndex={-1} aria-hidden="true" />
        <input type="hidden" />
        <button type="button" disabled>
          Выключена
        </button>
        <button type="button">Удалить</button>
        <input aria-label="Имя" />
      </div>,
    );
    const box = screen.getByTestId('box');
    expect(firstTabbable(box)).toBe(screen.getByRole('button', { name: 'Удалить' }));
    expect(firstTabbable(box, 'input')).toBe(screen.getByRole('textbox', { name: 'Имя' }));
    expect(firstTabbable(null)).toBeNull();
  });

  test('focusWhenDrawn focuses what is there in the next frame', async () => {
    function Late() {
      const [shown, setShown] = useState(false);
      return (
        <>
          <button
            type="button"
            onClick={() => {
              setShown(true);
              focusWhenDrawn(() => document.getElementById('late'));
            }}
          >
            Показать
          </button>
          {shown && <input id="late" aria-label="Новое поле" />}
        </>
      );
    }
    render(<Late />);
    await userEvent.click(screen.getByRole('button'));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Новое поле' })).toHaveFocus());
  });

  test('mainHeading: the h1 of <main id="main-content">, else <main>', () => {
    const { rerender } = render(<main id={MAIN_ID}><p>текст</p></main>);
    expect(mainHeading()).toBe(document.getElementById(MAIN_ID));
    rerender(<main id={MAIN_ID}><h1>Страница</h1></main>);
    expect(mainHeading()).toBe(screen.getByRole('heading', { level: 1 }));
  });
});

describe('the live region', () => {
  afterEach(() => jest.useRealTimers());

  test('one polite region for the whole app; a message is written after a short pause, so a repeat is read again', () => {
    jest.useFakeTimers();
    announce('Найдено: 3');
    const region = screen.getByTestId('live-region');
    expect(document.querySelectorAll('[data-testid="live-region"]')).toHaveLength(1);
    expect(region).toHaveAttribute('role', 'status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveAttribute('aria-atomic', 'true');
    expect(region).toHaveTextContent('');
    act(() => jest.advanceTimersByTime(150));
    expect(region).toHaveTextContent('Найдено: 3');
    announce('Найдено: 3');
    expect(region).toHaveTextContent(''); // emptied first: the same words are news again
    act(() => jest.advanceTimersByTime(150));
    expect(region).toHaveTextContent('Найдено: 3');
    expect(ensureLiveRegion()).toBe(region);
  });

  test('a modal hiding the rest of the page (aria-hidden on body children) does not silence it', async () => {
    const region = ensureLiveRegion();
    region.setAttribute('aria-hidden', 'true');
    await waitFor(() => expect(region).not.toHaveAttribute('aria-hidden'));
  });

  test('useAnnounceChange says a settled result, not the first one, and nothing while it is null', () => {
    jest.useFakeTimers();
    function Results({ message }) {
      useAnnounceChange(message, { delay: 500 });
      return null;
    }
    const { rerender } = render(<Results message="Найдено: 10" />);
    const region = ensureLiveRegion();
    act(() => jest.advanceTimersByTime(1000));
    expect(region).toHaveTextContent('');
    rerender(<Results message={null} />); // loading
    rerender(<Results message="Найдено: 2" />);
    act(() => jest.advanceTimersByTime(300));
    rerender(<Results message="Найдено: 1" />); // typed on: only the last count is said
    act(() => jest.advanceTimersByTime(700));
    expect(region).toHaveTextContent('Найдено: 1');
  });
});

test('useAnnounceChange with a key: a new search is said, a count changed by something else is not', () => {
  jest.useFakeTimers();
  function Queue({ search, count }) {
    useAnnounceChange(count === null ? null : `Найдено заявок: ${count}`, { delay: 100, key: search });
    return null;
  }
  const { rerender } = render(<Queue search="" count={2} />);
  const region = ensureLiveRegion();
  rerender(<Queue search="" count={1} />); // a staff action moved a row out
  act(() => jest.advanceTimersByTime(500));
  expect(region).toHaveTextContent('');
  rerender(<Queue search="Петров" count={null} />); // searching
  rerender(<Queue search="Петров" count={1} />);
  act(() => jest.advanceTimersByTime(500));
  expect(region).toHaveTextContent('Найдено заявок: 1');
  jest.useRealTimers();
});

describe('useFocusOnChange', () => {
  function Steps({ stepKey, enabled }) {
    const heading = useRef(null);
    useFocusOnChange(stepKey, heading, { enabled });
    return (
      <>
        <input aria-label="Поле" />
        <h2 ref={heading}>{stepKey || 'загрузка'}</h2>
      </>
    );
  }

  test('the first key (the data arrived) moves nothing; a change moves the focus to the element', () => {
    const { rerender } = render(<Steps stepKey={null} />);
    const field = screen.getByRole('textbox');
    field.focus();
    rerender(<Steps stepKey="main" />);
    expect(field).toHaveFocus();
    rerender(<Steps stepKey="education" />);
    expect(screen.getByRole('heading', { name: 'education' })).toHaveFocus();
    field.focus();
    rerender(<Steps stepKey="documents" enabled={false} />);
    expect(field).toHaveFocus();
  });

  test('a function can choose the element (a field with errors instead of the heading)', () => {
    function Chooser({ stepKey }) {
      useFocusOnChange(stepKey, () => document.getElementById('error-field'));
      return <input id="error-field" aria-label="Ошибка" />;
    }
    const { rerender } = render(<Chooser stepKey="a" />);
    rerender(<Chooser stepKey="b" />);
    expect(screen.getByRole('textbox', { name: 'Ошибка' })).toHaveFocus();
  });
});

describe('useDocumentTitle', () => {
  function Page({ name }) {
    useDocumentTitle(name, i18n.t('admin_shell.title'));
    return null;
  }

  test('"<page> — <area> — Qabyldau", in the interface language', async () => {
    renderWithProviders(<Page name="Очередь" />);
    expect(document.title).toBe('Очередь — Администрирование — Qabyldau');
  });
});

describe('SkipLink', () => {
  test('the first Tab stop; activated, it puts the focus on the page heading', async () => {
    renderWithProviders(
      <>
        <SkipLink />
        <button type="button">Меню</button>
        <main id={MAIN_ID} tabIndex={-1}>
          <h1>Очередь</h1>
        </main>
      </>,
    );
    const user = userEvent.setup();
    await user.tab();
    const link = screen.getByRole('link', { name: 'Перейти к основному содержимому' });
    expect(link).toHaveFocus();
    expect(link).toHaveAttribute('href', `#${MAIN_ID}`);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });
});

describe('useRouteFocus', () => {
  function Shell() {
    useRouteFocus();
    const navigate = useNavigate();
    return (
      <>
        <nav>
          <button type="button" onClick={() => navigate('/b')}>
            К странице Б
          </button>
        </nav>
        <main id={MAIN_ID} tabIndex={-1}>
          <Routes>
            <Route path="/" element={<h1>Страница А</h1>} />
            <Route path="/b" element={<LatePage />} />
          </Routes>
        </main>
      </>
    );
  }
  // The heading arrives after the data, as on most pages.
  function LatePage() {
    const [ready, setReady] = useState(false);
    return ready ? <h1>Страница Б</h1> : <button type="button" onClick={() => setReady(true)}>загрузить</button>;
  }

  test('the page the document opened on keeps the focus where it is; a page change puts it on the new h1 once drawn', async () => {
    render(
      <MemoryRouter initialEntries={['/']} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Shell />
      </MemoryRouter>,
    );
    // jsdom loaded the document at "/": the shell's first page is that page, the focus stays where it is
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByRole('heading', { name: 'Страница А' })).not.toHaveFocus();
    screen.getByRole('button', { name: 'К странице Б' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'К странице Б' }));
    fireEvent.click(await screen.findByRole('button', { name: 'загрузить' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Страница Б' })).toHaveFocus());
  });
});

describe('keepFocusThroughBusyControls', () => {
  function Busy() {
    const [busy, setBusy] = useState(false);
    return (
      <>
        <button type="button" disabled={busy} onClick={() => setBusy(true)}>
          Экспорт
        </button>
        <button type="button" onClick={() => setBusy(false)}>
          Готово
        </button>
      </>
    );
  }

  test('a control disabled while its action runs gets the focus back when enabled, unless the focus moved on', async () => {
    keepFocusThroughBusyControls();
    keepFocusThroughBusyControls(); // once per document
    render(<Busy />);
    const exportButton = screen.getByRole('button', { name: 'Экспорт' });
    exportButton.focus();
    fireEvent.click(exportButton);
    expect(exportButton).toBeDisabled();
    exportButton.blur(); // what the browser does to a focused control that gets disabled
    fireEvent.click(screen.getByRole('button', { name: 'Готово' }));
    await waitFor(() => expect(exportButton).toHaveFocus());

    fireEvent.click(exportButton);
    exportButton.blur();
    screen.getByRole('button', { name: 'Готово' }).focus(); // the person (or a rule) moved on
    fireEvent.click(screen.getByRole('button', { name: 'Готово' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByRole('button', { name: 'Готово' })).toHaveFocus();
  });
});

describe('useListboxNavigation', () => {
  function Results({ items, onPick }) {
    const list = useListboxNavigation({ count: items.length, onPick, itemsKey: items.join() });
    return (
      <ul {...list.listProps} aria-label="Результаты">
        {items.map((item, index) => (
          <li key={item} {...list.optionProps(index)} aria-selected={false}>
            {item}
          </li>
        ))}
      </ul>
    );
  }

  test('one Tab stop; arrows, Home/End, Page keys; Enter and Space pick; new results keep the focus in the list', async () => {
    const onPick = jest.fn();
    const many = Array.from({ length: 25 }, (_, i) => `школа ${i + 1}`);
    const { rerender } = render(<Results items={many} onPick={onPick} />);
    const user = userEvent.setup();
    await user.tab();
    const option = (name) => screen.getByRole('option', { name });
    expect(option('школа 1')).toHaveFocus();
    expect(screen.getAllByRole('option').filter((o) => o.tabIndex === 0)).toHaveLength(1);
    await user.keyboard('{PageDown}');
    expect(option('школа 11')).toHaveFocus();
    await user.keyboard('{End}{PageUp}');
    expect(option('школа 15')).toHaveFocus();
    await user.keyboard('{Home}{ArrowDown}');
    expect(option('школа 2')).toHaveFocus();
    await user.keyboard(' ');
    expect(onPick).toHaveBeenLastCalledWith(1);
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledTimes(2);
    // a search answered after the person moved into the list: the focused option is gone, the focus stays in the list
    rerender(<Results items={['лицей 1', 'лицей 2', 'лицей 3']} onPick={onPick} />);
    await waitFor(() => expect(option('лицей 2')).toHaveFocus());
  });
});
