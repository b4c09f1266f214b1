/* What the questionnaire cannot start without, and how it is loading: the application (and its program's flags),
 * the steps (POST /users/steps) and the saved answers (GET /users/fill-items/{id}). */
import {
  useGetApplicationDetailQuery,
  useGetFillItemsQuery,
  useGetQuestionnaireStepsQuery,
  useGetStudyProgramInfoQuery,
} from './questionnaireApi';

export default function useQuestionnaireData(applicationId, type) {
  const appQuery = useGetApplicationDetailQuery(applicationId);
  const application = appQuery.data;
  const infoQuery = useGetStudyProgramInfoQuery(application && application.study_program_id, { skip: !application });
  const stepsQuery = useGetQuestionnaireStepsQuery({ applicationId, type });
  const itemsQuery = useGetFillItemsQuery(applicationId);
  const queries = [appQuery, stepsQuery, itemsQuery];
  const failed = queries.find((q) => q.isError);
  return {
    application,
    programInfo: infoQuery.data,
    steps: stepsQuery.data ? stepsQuery.data.steps : null,
    items: itemsQuery.data,
    loading: Boolean(queries.some((q) => q.isLoading) || (application && infoQuery.isLoading)),
    fetching: stepsQuery.isFetching || itemsQuery.isFetching,
    error: failed ? failed.error : null,
    retry: () => queries.forEach((q) => q.refetch()),
    refetchStepsAndAnswers: () => {
      stepsQuery.refetch();
      itemsQuery.refetch();
    },
  };
}
