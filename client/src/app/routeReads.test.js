/* The reads app/routePreloads.json lists for a URL are the ones its screen's queries make: each answered by the
 * entry's early read, one request on the wire (api/earlyReads.js; decision 0070). */
import { setUser } from '../session/userStore';
import { startEarlyReads } from '../api/earlyReads';
import { readsFor } from './routeTable';
import { questionnaireApi } from '../components/questionnaire/questionnaireApi';
import i18n from '../i18n';
import { makeStore, mockFetch } from '../testUtils';

const callsTo = (fetchMock, suffix) =>
  fetchMock.mock.calls.filter(([input]) => (typeof input === 'string' ? input : input.url).endsWith(suffix));

beforeEach(async () => {
  window.localStorage.clear();
  setUser({ id: 1, email: 'a@b.kz', token: 'early-token', is_verified: true });
  await i18n.changeLanguage('ru');
});

test("/apply/<id>: the questionnaire's application, steps (a POST: its body too) and saved answers, each asked once", async () => {
  const fetchMock = mockFetch(() => ({ body: { success: true, steps: [], fill_items: [] } }));
  startEarlyReads(readsFor('/apply/42'));
  const store = makeStore();
  await Promise.all([
    store.dispatch(questionnaireApi.endpoints.getApplicationDetail.initiate('42')),
    store.dispatch(questionnaireApi.endpoints.getQuestionnaireSteps.initiate({ applicationId: '42', type: 'fill' })),
    store.dispatch(questionnaireApi.endpoints.getFillItems.initiate('42')),
  ]);
  expect(callsTo(fetchMock, '/users/application/42')).toHaveLength(1);
  expect(callsTo(fetchMock, '/users/steps')).toHaveLength(1);
  expect(callsTo(fetchMock, '/users/fill-items/42')).toHaveLength(1);
});
