/* The questionnaire's form labels in kk (forms/labels/kk.json, flat keys "form.<step>.<field>"): chunk
 * "catalogues-forms-kk", loaded with the questionnaire (components/questionnaire/loadQuestionnaire.js) and by the
 * staff screens — no other applicant screen shows them (loadCatalogues in ../index.js). */
import labels from '../../../../forms/labels/kk.json';
import { unflatten } from '../merge';

export default unflatten(labels);
