/* /apply/:id and /stepper/:id guard (issue 10, decision 0069). Its own module so the router can load it lazily:
 * the questionnaire's API (and the generated endpoints it builds on) is not part of /auth's download (decision 0070). */
import { useParams } from 'react-router-dom';
import { useGetApplicationDetailQuery } from '../components/questionnaire/questionnaireApi';
import NotFound from '../components/NotFound';
import PageLoader from '../components/PageLoader';

/** Statuses that mean "no such application for you": the server answers 404 for another applicant's id. */
const NOT_FOUND_STATUSES = new Set([400, 403, 404]);

/** /apply/:id and /stepper/:id (issue 10): the application must exist and be the user's; otherwise a "not found"
 * page rather than a silent redirect. Other failures (network, 5xx) are left to the page (§8: back to /). `pending`
 * shows while the application is read (/apply/<id>: the page's heading and loading state; default a loader). */
export default function RequireOwnApplication({ children, pending = null }) {
  const { applicationId } = useParams();
  const valid = /^\d+$/.test(applicationId || '');
  const { isLoading, isFetching, isError, error, data } = useGetApplicationDetailQuery(applicationId, { skip: !valid });
  if (!valid) return <NotFound kind="application" />;
  if (isError && error && NOT_FOUND_STATUSES.has(error.status)) return <NotFound kind="application" />;
  if (isLoading || (isFetching && !data && !isError)) return pending || <PageLoader />;
  return children;
}
