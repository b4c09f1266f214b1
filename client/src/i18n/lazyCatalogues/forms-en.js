/* The questionnaire's form labels in en (forms/labels/en.json, flat keys "form.<step>.<field>"): chunk
 * "catalogues-forms-en", loaded with the questionnaire (components/questionnaire/loadQuestionnaire.js) and by the
 * staff screens — no other applicant screen shows them (loadCatalogues in ../index.js). */
import labels from '../../../../forms/labels/en.json';
import { unflatten } from '../merge';

export default unflatten(labels);
