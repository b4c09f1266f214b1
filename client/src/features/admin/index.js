/* What the application shell (app/admin) uses of the admin review feature. */
export { default as QueuePage } from './QueuePage';
export { default as KnownQueuePage } from './KnownQueuePage';
export { default as DashboardPage } from './DashboardPage';
export { default as NotFoundPage } from './NotFoundPage';
export { UploadApplicationPage, UploadCodePage } from './UploadPage';
export { QUEUES_BY_SHELL, queueLabelKey } from './queues';
export { useAdminDashboardQuery } from './adminApi';
