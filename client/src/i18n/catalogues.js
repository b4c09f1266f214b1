/* The larger catalogues — the questionnaire and its form labels, the admin resources and review, the credit bureau,
 * payments, the citizens' stepper, dormitory bookings, the assistant and its staff hand-offs, the shells' keyboard and
 * screen-reader texts (a11y) — are not
 * in the entry chunk: /auth needs none of them (decision 0070). app/router.jsx loads this module (its own chunk,
 * "catalogues") together with every other route's chunk, so a screen never renders before its texts are there;
 * jest registers it in setupTests.js. Keys stay in the default namespace, so callers use t() as before. */
import i18n from 'i18next';
import { mergeCatalogues } from './merge';
import resourcesRu from './resources/ru.json';
import resourcesKk from './resources/kk.json';
import resourcesEn from './resources/en.json';
import { questionnaireCatalogues } from './questionnaire';
import pkbRu from './pkb/ru.json';
import pkbKk from './pkb/kk.json';
import pkbEn from './pkb/en.json';
import dormRu from './dorm/ru.json';
import dormKk from './dorm/kk.json';
import dormEn from './dorm/en.json';
import paymentsRu from './payments/ru.json';
import paymentsKk from './payments/kk.json';
import paymentsEn from './payments/en.json';
import adminRu from './admin/ru.json';
import adminKk from './admin/kk.json';
import adminEn from './admin/en.json';
import stepperRu from './stepper/ru.json';
import stepperKk from './stepper/kk.json';
import stepperEn from './stepper/en.json';
import chatRu from './chat/ru.json';
import chatKk from './chat/kk.json';
import chatEn from './chat/en.json';
import adminChatsRu from './adminChats/ru.json';
import adminChatsKk from './adminChats/kk.json';
import adminChatsEn from './adminChats/en.json';
import a11yRu from './a11y/ru.json';
import a11yKk from './a11y/kk.json';
import a11yEn from './a11y/en.json';
import notificationsRu from './notifications/ru.json';
import notificationsKk from './notifications/kk.json';
import notificationsEn from './notifications/en.json';
import lettersRu from './letters/ru.json';
import lettersKk from './letters/kk.json';
import lettersEn from './letters/en.json';
import staffRu from './staff/ru.json';
import staffKk from './staff/kk.json';
import staffEn from './staff/en.json';
import secondFactorRu from './secondFactor/ru.json';
import secondFactorKk from './secondFactor/kk.json';
import secondFactorEn from './secondFactor/en.json';
import settingsRu from './settings/ru.json';
import settingsKk from './settings/kk.json';
import settingsEn from './settings/en.json';
import settingsContentRu from './settingsContent/ru.json';
import settingsContentKk from './settingsContent/kk.json';
import settingsContentEn from './settingsContent/en.json';
import deadlinesRu from './deadlines/ru.json';
import deadlinesKk from './deadlines/kk.json';
import deadlinesEn from './deadlines/en.json';
import seamsRu from './seams/ru.json';
import seamsKk from './seams/kk.json';
import seamsEn from './seams/en.json';
import messagesRu from './messages/ru.json';
import messagesKk from './messages/kk.json';
import messagesEn from './messages/en.json';
import staffFilesRu from './staffFiles/ru.json';
import staffFilesKk from './staffFiles/kk.json';
import staffFilesEn from './staffFiles/en.json';

export const extraCatalogues = {
  ru: mergeCatalogues(resourcesRu, questionnaireCatalogues.ru, pkbRu, dormRu, paymentsRu, adminRu, stepperRu, chatRu, adminChatsRu, a11yRu, notificationsRu, lettersRu, staffRu, secondFactorRu, settingsRu, settingsContentRu, deadlinesRu, seamsRu, messagesRu, staffFilesRu),
  kk: mergeCatalogues(resourcesKk, questionnaireCatalogues.kk, pkbKk, dormKk, paymentsKk, adminKk, stepperKk, chatKk, adminChatsKk, a11yKk, notificationsKk, lettersKk, staffKk, secondFactorKk, settingsKk, settingsContentKk, deadlinesKk, seamsKk, messagesKk, staffFilesKk),
  en: mergeCatalogues(resourcesEn, questionnaireCatalogues.en, pkbEn, dormEn, paymentsEn, adminEn, stepperEn, chatEn, adminChatsEn, a11yEn, notificationsEn, lettersEn, staffEn, secondFactorEn, settingsEn, settingsContentEn, deadlinesEn, seamsEn, messagesEn, staffFilesEn),
};

/** Adds the catalogues to the running i18n instance (deep, without overwriting the core keys). */
export function registerExtraCatalogues(instance = i18n) {
  Object.entries(extraCatalogues).forEach(([lng, catalogue]) => {
    instance.addResourceBundle(lng, 'translation', catalogue, true, false);
  });
}
