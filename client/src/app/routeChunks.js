/* The applicant routes' chunks, one importer each (webpackChunkName = the chunk). app/router.jsx makes its React.lazy
 * components from these and app/preloadRoute.js calls them early for the URL being opened: webpack keeps one promise
 * per chunk, so a chunk started by the preload is the one React.lazy gets (decision 0070). */
import loadQuestionnaire from '../components/questionnaire/loadQuestionnaire';

export const routeChunks = {
  auth: () => import(/* webpackChunkName: "auth" */ '../features/auth/AuthPage'),
  chooseFlow: () => import(/* webpackChunkName: "choose-flow" */ '../features/chooseFlow/ChooseFlowPage'),
  layout: () => import(/* webpackChunkName: "layout" */ '../features/layout/MainLayout'),
  home: () => import(/* webpackChunkName: "home" */ '../features/home/HomePage'),
  chat: () => import(/* webpackChunkName: "chat" */ '../features/chat/ChatWidget'),
  localSelectPath: () =>
    import(/* webpackChunkName: "local-select-path" */ '../features/localSelectPath/LocalSelectPathPage'),
  apply: () => import(/* webpackChunkName: "apply" */ '../features/apply/ApplyPage'),
  submitted: () => import(/* webpackChunkName: "apply" */ '../features/apply/SubmittedPage'),
  stepper: () => import(/* webpackChunkName: "stepper" */ '../features/stepper/StepperPage'),
  documentsUpload: () => import(/* webpackChunkName: "documents-upload" */ '../features/stepper/DocumentsUploadPage'),
  listen: () => import(/* webpackChunkName: "listen" */ '../features/localSelectPath/ListenPage'),
  myApplications: () => import(/* webpackChunkName: "my-applications" */ '../features/myApplications/MyApplicationsPage'),
  // The guard of /apply/:id and /stepper/:id reads the application through the questionnaire's API: loaded with
  // those routes, not with the first screen.
  ownApplication: () => import(/* webpackChunkName: "own-application" */ './RequireOwnApplication'),
  questionnaire: loadQuestionnaire,
  dormBooking: () => import(/* webpackChunkName: "dorm-booking" */ '../features/dormBooking/DormBookingPage'),
};

/** The same importers by webpack chunk name (the names routePreloads.json uses). */
export const chunkImporters = {
  auth: routeChunks.auth,
  'choose-flow': routeChunks.chooseFlow,
  layout: routeChunks.layout,
  home: routeChunks.home,
  chat: routeChunks.chat,
  'local-select-path': routeChunks.localSelectPath,
  apply: routeChunks.apply,
  stepper: routeChunks.stepper,
  'documents-upload': routeChunks.documentsUpload,
  listen: routeChunks.listen,
  'my-applications': routeChunks.myApplications,
  'own-application': routeChunks.ownApplication,
  questionnaire: routeChunks.questionnaire,
  'dorm-booking': routeChunks.dormBooking,
};
