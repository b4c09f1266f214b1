/* The applicant routes' chunks, one importer each, keyed by the webpack chunk name (webpackChunkName; the names
 * routePreloads.json uses). app/router.jsx makes its React.lazy components from these and app/preloadRoute.js calls
 * them early for the URL being opened: webpack keeps one promise per chunk, so a chunk started by the preload is the
 * one React.lazy gets (decision 0070). One table, not one per use: it is part of every first screen's download. */
import loadQuestionnaire from '../components/questionnaire/loadQuestionnaire';

export const routeChunks = {
  auth: () => import(/* webpackChunkName: "auth" */ '../features/auth/AuthPage'),
  'choose-flow': () => import(/* webpackChunkName: "choose-flow" */ '../features/chooseFlow/ChooseFlowPage'),
  layout: () => import(/* webpackChunkName: "layout" */ '../features/layout/MainLayout'),
  home: () => import(/* webpackChunkName: "home" */ '../features/home/HomePage'),
  chat: () => import(/* webpackChunkName: "chat" */ '../features/chat/ChatWidget'),
  'local-select-path': () =>
    import(/* webpackChunkName: "local-select-path" */ '../features/localSelectPath/LocalSelectPathPage'),
  apply: () => import(/* webpackChunkName: "apply" */ '../features/apply/ApplyPage'),
  // A chunk of its own (issue 27): in the apply chunk, its vertical stepper (StepContent, Collapse) came with /apply.
  submitted: () => import(/* webpackChunkName: "submitted" */ '../features/apply/SubmittedPage'),
  stepper: () => import(/* webpackChunkName: "stepper" */ '../features/stepper/StepperPage'),
  'documents-upload': () =>
    import(/* webpackChunkName: "documents-upload" */ '../features/stepper/DocumentsUploadPage'),
  listen: () => import(/* webpackChunkName: "listen" */ '../features/localSelectPath/ListenPage'),
  'my-applications': () =>
    import(/* webpackChunkName: "my-applications" */ '../features/myApplications/MyApplicationsPage'),
  'message-thread': () => import(/* webpackChunkName: "message-thread" */ '../features/messages/MessageThreadPage'),
  // The guard of /apply/:id and /stepper/:id reads the application through the questionnaire's API: loaded with
  // those routes, not with the first screen.
  'own-application': () => import(/* webpackChunkName: "own-application" */ './RequireOwnApplication'),
  questionnaire: loadQuestionnaire,
  'dorm-booking': () => import(/* webpackChunkName: "dorm-booking" */ '../features/dormBooking/DormBookingPage'),
  'notification-settings': () =>
    import(/* webpackChunkName: "notification-settings" */ '../features/notifications/NotificationSettingsPage'),
  unsubscribe: () => import(/* webpackChunkName: "unsubscribe" */ '../features/notifications/UnsubscribePage'),
  verify: () => import(/* webpackChunkName: "verify" */ '../features/letters/VerifyLetterPage'),
};
