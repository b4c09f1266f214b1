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

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** {"a.b.c": v} → {a: {b: {c: v}}}. */
export function unflatten(flat) {
  const out = {};
  Object.entries(flat || {}).forEach(([key, value]) => {
    const parts = key.split('.');
    let node = out;
    parts.slice(0, -1).forEach((part) => {
      if (!isObject(node[part])) node[part] = {};
      node = node[part];
    });
    node[parts[parts.length - 1]] = value;
  });
  return out;
}

/** Deep merge of catalogues (later ones win on the same leaf); inputs are not modified. */
export function mergeCatalogues(...catalogues) {
  const out = {};
  catalogues.forEach((catalogue) => {
    Object.entries(catalogue || {}).forEach(([key, value]) => {
      out[key] = isObject(value) && isObject(out[key]) ? mergeCatalogues(out[key], value) : isObject(value) ? mergeCatalogues(value) : value;
    });
  });
  return out;
}

export const formLabels = { ru: unflatten(labelsRu), kk: unflatten(labelsKk), en: unflatten(labelsEn) };

export const questionnaireCatalogues = {
  ru: mergeCatalogues(formLabels.ru, ru),
  kk: mergeCatalogues(formLabels.kk, kk),
  en: mergeCatalogues(formLabels.en, en),
};
