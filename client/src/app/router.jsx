import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { AllowAnonymous, RequireApplicant, RequireNoCitizenship, RequireOwnApplication } from './guards';
import { setNavigator } from '../session/navigation';
import PageLoader from './PageLoader';
import { adminRoutes } from './admin/adminRoutes';

// One chunk per route (React.lazy).
const AuthPage = lazy(() => import(/* webpackChunkName: "auth" */ '../features/auth/AuthPage'));
const ChooseFlowPage = lazy(() => import(/* webpackChunkName: "choose-flow" */ '../features/chooseFlow/ChooseFlowPage'));
const MainLayout = lazy(() => import(/* webpackChunkName: "layout" */ '../features/layout/MainLayout'));
const HomePage = lazy(() => import(/* webpackChunkName: "home" */ '../features/home/HomePage'));
const ChatWidget = lazy(() => import(/* webpackChunkName: "chat" */ '../features/chat/ChatWidget'));
const LocalSelectPathPage = lazy(() =>
  import(/* webpackChunkName: "local-select-path" */ '../features/localSelectPath/LocalSelectPathPage'),
);
const ApplyPage = lazy(() => import(/* webpackChunkName: "apply" */ '../features/apply/ApplyPage'));
const SubmittedPage = lazy(() => import(/* webpackChunkName: "apply" */ '../features/apply/SubmittedPage'));
const StepperPage = lazy(() => import(/* webpackChunkName: "stepper" */ '../features/stepper/StepperPage'));
const DocumentsUploadPage = lazy(() =>
  import(/* webpackChunkName: "documents-upload" */ '../features/stepper/DocumentsUploadPage'),
);
const ListenPage = lazy(() => import(/* webpackChunkName: "listen" */ '../features/localSelectPath/ListenPage'));
const MyApplicationsPage = lazy(() =>
  import(/* webpackChunkName: "my-applications" */ '../features/myApplications/MyApplicationsPage'),
);
const DormBookingPage = lazy(() => import(/* webpackChunkName: "dorm-booking" */ '../features/dormBooking/DormBookingPage'));

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
