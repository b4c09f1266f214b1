export { default } from './Questionnaire';
export { default as Questionnaire, REFETCH_DELAY_MS } from './Questionnaire';
export { buildUpsertBody, splitUploads, formPayload } from './multipart';
export { questionnaireApi } from './questionnaireApi';
