import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { AllowAnonymous, RequireApplicant, RequireNoCitizenship } from './guards';
import { setNavigator } from '../session/navigation';
import PageLoader from './PageLoader';
import { adminRoutes } from './admin/adminRoutes';
import { lazyWithCatalogues } from './lazyWithCatalogues';

// One chunk per route (React.lazy). /auth is the first screen on a phone: it needs only the core catalogues;
// every other route also loads the larger ones (i18n/catalogues.js) before it renders (decision 0070).
const AuthPage = lazy(() => import(/* webpackChunkName: "auth" */ '../features/auth/AuthPage'));
const ChooseFlowPage = lazyWithCatalogues(() => import(/* webpackChunkName: "choose-flow" */ '../features/chooseFlow/ChooseFlowPage'));
const MainLayout = lazyWithCatalogues(() => import(/* webpackChunkName: "layout" */ '../features/layout/MainLayout'));
const HomePage = lazyWithCatalogues(() => import(/* webpackChunkName: "home" */ '../features/home/HomePage'));
const ChatWidget = lazyWithCatalogues(() => import(/* webpackChunkName: "chat" */ '../features/chat/ChatWidget'));
const LocalSelectPathPage = lazyWithCatalogues(() =>
  import(/* webpackChunkName: "local-select-path" */ '../features/localSelectPath/LocalSelectPathPage'),
);
const ApplyPage = lazyWithCatalogues(() => import(/* webpackChunkName: "apply" */ '../features/apply/ApplyPage'));
const SubmittedPage = lazyWithCatalogues(() => import(/* webpackChunkName: "apply" */ '../features/apply/SubmittedPage'));
const StepperPage = lazyWithCatalogues(() => import(/* webpackChunkName: "stepper" */ '../features/stepper/StepperPage'));
const DocumentsUploadPage = lazyWithCatalogues(() =>
  import(/* webpackChunkName: "documents-upload" */ '../features/stepper/DocumentsUploadPage'),
);
const ListenPage = lazyWithCatalogues(() => import(/* webpackChunkName: "listen" */ '../features/localSelectPath/ListenPage'));
const MyApplicationsPage = lazyWithCatalogues(() =>
  import(/* webpackChunkName: "my-applications" */ '../features/myApplications/MyApplicationsPage'),
);
// The guard of /apply/:id and /stepper/:id reads the application through the questionnaire's API: loaded with those
// routes, not with the first screen (decision 0070).
const RequireOwnApplication = lazyWithCatalogues(() =>
  import(/* webpackChunkName: "own-application" */ './RequireOwnApplication'),
);
const DormBookingPage = lazyWithCatalogues(() => import(/* webpackChunkName: "dorm-booking" */ '../features/dormBooking/DormBookingPage'));

/** Gives non-React code (401 handling) access to the router's navigate(). */
function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator(navigate);
    return () => setNavigator(null);
  }, [navigate]);
  return null;
}

export default function AppRoutes() {
  return (
    <>
      <NavigationBridge />
      <Suspense fallback={<PageLoader />}>
        <Routes>
          <Route path="/auth" element={<AuthPage />} />
          <Route
            path="/choose-flow"
            element={
              <RequireNoCitizenship>
                <ChooseFlowPage />
              </RequireNoCitizenship>
            }
          />
          <Route element={<MainLayout />}>
            <Route
              index
              element={
                <AllowAnonymous>
                  <HomePage />
                  <ChatWidget />
                </AllowAnonymous>
              }
            />
            <Route
              path="local-select-path"
              element={
                <RequireApplicant>
                  <LocalSelectPathPage />
                </RequireApplicant>
              }
            />
            <Route
              path="local-select-path/listen"
              element={
                <RequireApplicant>
                  <ListenPage />
                </RequireApplicant>
              }
            />
            <Route
              path="apply"
              element={
                <RequireApplicant>
                  <ApplyPage />
                </RequireApplicant>
              }
            />
            <Route
              path="apply/:applicationId"
              element={
                <RequireApplicant>
                  <RequireOwnApplication>
                    <ApplyPage />
                  </RequireOwnApplication>
                </RequireApplicant>
              }
            />
            <Route
              path="apply/:applicationId/submitted"
              element={
                <RequireApplicant>
                  <RequireOwnApplication>
                    <SubmittedPage />
                  </RequireOwnApplication>
                </RequireApplicant>
              }
            />
            <Route
              path="stepper"
              element={
                <RequireApplicant>
                  <StepperPage />
                </RequireApplicant>
              }
            />
            <Route
              path="stepper/:applicationId"
              element={
                <RequireApplicant>
                  <RequireOwnApplication>
                    <StepperPage />
                  </RequireOwnApplication>
                </RequireApplicant>
              }
            />
            <Route
              path="documents-upload/:applicationId"
              element={
                <RequireApplicant>
                  <DocumentsUploadPage />
                </RequireApplicant>
              }
            />
            <Route
              path="my-applications"
              element={
                <RequireApplicant>
                  <MyApplicationsPage />
                </RequireApplicant>
              }
            />
            <Route
              path="dormitory"
              element={
                <RequireApplicant>
                  <DormBookingPage />
                </RequireApplicant>
              }
            />
          </Route>
          {adminRoutes()}
          {/* Unknown paths go home (§8: a failed fetch or access check also lands on /). */}
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </>
  );
}
