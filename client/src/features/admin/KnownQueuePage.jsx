import { useParams } from 'react-router-dom';
import QueuePage from './QueuePage';
import NotFoundPage from './NotFoundPage';
import { QUEUES_BY_SHELL } from './queues';

/** /admin/:queue and /admin/kz/:queue: a queue of this shell, or "not found" for any other segment (a missing admin
 * route is not a redirect). */
export default function KnownQueuePage({ shell }) {
  const { queue } = useParams();
  if (!QUEUES_BY_SHELL[shell.key].includes(queue)) return <NotFoundPage shell={shell} />;
  return <QueuePage key={queue} shell={shell} />;
}
