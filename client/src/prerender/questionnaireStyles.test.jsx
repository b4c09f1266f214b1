/**
 * @jest-environment node
 */
/* The prerendered /apply/<id> carries the emotion rules of the questionnaire's first step in its <style>
 * (questionnaireStyles.jsx, issue 27): the fields of that step, drawn on their own the way StepForm draws them (every
 * field of the real definition, empty, in the app's theme), need no rule the page's <style> lacks. Node, as the build
 * renders: emotion collects the rules of a server render in the cache (compat mode), which it does not in jsdom. */
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import ThemeProvider from '@mui/material/styles/ThemeProviderNoVars';
import theme from '../app/theme';
import { makeStore } from '../app/store';
import i18n from '../i18n';
import { SnackbarProvider } from '../components/SnackbarProvider';
import StepForm from '../components/questionnaire/StepForm';
import StepActions from '../components/questionnaire/StepActions';
import firstStep from '../../../forms/definitions/fillStepMainInfo.json';
import { PAGES, render } from './renderPages';

const noop = () => {};
const page = (name) => PAGES.find((candidate) => candidate.name === name);

/** The emotion class names of the first step's fields and buttons, rendered apart from the page. */
function fieldNames() {
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  renderToString(
    <CacheProvider value={cache}>
      <Provider store={makeStore()}>
        <ThemeProvider theme={theme}>
          <SnackbarProvider>
            <StepForm step={firstStep} data={{}} ctx={{ answers: {}, options: {} }} onChange={noop} onGroupChange={noop} drawAll />
            <StepActions isFirst isLast={false} onBack={noop} onNext={noop} />
          </SnackbarProvider>
        </ThemeProvider>
      </Provider>
    </CacheProvider>,
  );
  return Object.keys(cache.inserted).filter((name) => typeof cache.inserted[name] === 'string');
}

describe('the prerendered /apply/<id> page', () => {
  let errors;
  beforeEach(() => {
    // React's development build warns that layout effects (the date field's caret) do not run on the server
    const original = console.error;
    errors = jest.spyOn(console, 'error').mockImplementation((...args) => {
      if (!String(args[0]).includes('useLayoutEffect does nothing on the server')) original(...args);
    });
  });
  afterEach(() => errors.mockRestore());
  afterAll(() => i18n.changeLanguage('ru'));

  test.each(['ru', 'kk', 'en'])('carries the rules of the questionnaire first step in its <style> (%s)', async (lng) => {
    const fields = fieldNames();
    const { names } = await render(page('apply-id'), lng);
    expect(fields.length).toBeGreaterThan(20);
    expect(fields.filter((name) => !names.includes(name))).toEqual([]);
  });

  test('adds no markup: the page hydrates as before', async () => {
    const withRules = await render(page('apply-id'), 'ru');
    const without = await render({ ...page('apply-id'), questionnaireStyles: false }, 'ru');
    expect(withRules.html).toBe(without.html);
    expect(withRules.names.length).toBeGreaterThan(without.names.length);
  });

  test('only that page: /apply has none of the field rules it does not draw itself', async () => {
    expect(PAGES.filter((candidate) => candidate.questionnaireStyles).map((candidate) => candidate.name)).toEqual(['apply-id']);
    const fields = fieldNames();
    const { names } = await render(page('apply'), 'ru');
    // without questionnaireStyles, the text fields, selects and the date field would be inserted in the browser
    expect(fields.filter((name) => !names.includes(name)).length).toBeGreaterThan(10);
  });
});
