/* The questionnaire's form labels in ru (forms/labels/ru.json, flat keys "form.<step>.<field>"): chunk
 * "catalogues-forms-ru", loaded with the questionnaire (components/questionnaire/loadQuestionnaire.js) and by the
 * staff screens — no other applicant screen shows them (loadCatalogues in ../index.js). */
import labels from '../../../../forms/labels/ru.json';
import { unflatten } from '../merge';

export default unflatten(labels);
