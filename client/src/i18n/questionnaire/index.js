/* Catalogues of the application journey (apply, questionnaire, my applications) and the questionnaire's form
 * labels (forms/labels/{ru,kk,en}.json, imported at build time), merged into the default namespace by
 * ../index.js. Form label keys are flat ("form.fillStepMainInfo.last_name"); they are unflattened here so that
 * i18next resolves them with its default key separator. */
import ru from './ru.json';
import kk from './kk.json';
import en from './en.json';
import labelsRu from '../../../../forms/labels/ru.json';
import labelsKk from '../../../../forms/labels/kk.json';
import labelsEn from '../../../../forms/labels/en.json';

import { mergeCatalogues, unflatten } from '../merge';

export { mergeCatalogues, unflatten };

export const formLabels = { ru: unflatten(labelsRu), kk: unflatten(labelsKk), en: unflatten(labelsEn) };

export const questionnaireCatalogues = {
  ru: mergeCatalogues(formLabels.ru, ru),
  kk: mergeCatalogues(formLabels.kk, kk),
  en: mergeCatalogues(formLabels.en, en),
};
