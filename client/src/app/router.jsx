import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { AllowAnonymous, RequireApplicant, RequireNoCitizenship } from './guards';
import { setNavigator } from '../session/navigation';
import PageLoader from '../components/PageLoader';
import RouteErrorBoundary from '../components/RouteErrorBoundary';
import { adminRoutes } from './admin/adminRoutes';
import { lazyWithCatalogues } from './lazyWithCatalogues';
import { APPLICANT_CATALOGUES } from '../i18n';
import { routeChunks } from './routeChunks';
import DeferredChatWidget from './DeferredChatWidget';

// One chunk per route (React.lazy over app/routeChunks.js, which app/preloadRoute.js also starts early). /auth is the
// first screen on a phone: it needs only the core catalogues; every other route also loads the larger ones of the
// interface language (i18n/lazyCatalogues/) before it renders (decision 0070).
const AuthPage = lazy(routeChunks.auth);
// The applicant's screens need the applicant's part of the larger catalogues only (issue 27): not the staff screens'.
const applicantScreen = (importer) => lazyWithCatalogues(importer, APPLICANT_CATALOGUES);
// The layout and the application guard frame the pages: their mounting is not a page shown (api/firstScreen.js).
const applicantFrame = (importer) => lazyWithCatalogues(importer, APPLICANT_CATALOGUES, { frame: true });
const ChooseFlowPage = applicantScreen(routeChunks['choose-flow']);
const MainLayout = applicantFrame(routeChunks.layout);
const HomePage = applicantScreen(routeChunks.home);
const LocalSelectPathPage = applicantScreen(routeChunks['local-select-path']);
const ApplyPage = applicantScreen(routeChunks.apply);
const SubmittedPage = applicantScreen(routeChunks.submitted);
const StepperPage = applicantScreen(routeChunks.stepper);
const DocumentsUploadPage = applicantScreen(routeChunks['documents-upload']);
const ListenPage = applicantScreen(routeChunks.listen);
const MyApplicationsPage = applicantScreen(routeChunks['my-applications']);
const MessageThreadPage = applicantScreen(routeChunks['message-thread']);
const RequireOwnApplication = applicantFrame(routeChunks['own-application']);
const DormBookingPage = applicantScreen(routeChunks['dorm-booking']);
const NotificationSettingsPage = applicantScreen(routeChunks['notification-settings']);
const UnsubscribePage = applicantScreen(routeChunks.unsubscribe);
const VerifyLetterPage = applicantScreen(routeChunks.verify);

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
      <RouteErrorBoundary>
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
                    <DeferredChatWidget />
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
                    <RequireOwnApplication pending={<ApplyPage waiting />}>
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
                    <RequireOwnApplication pending={<StepperPage waiting />}>
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
                path="my-applications/:applicationId/messages"
                element={
                  <RequireApplicant>
                    <MessageThreadPage />
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
              <Route
                path="settings/notifications"
                element={
                  <RequireApplicant>
                    <NotificationSettingsPage />
                  </RequireApplicant>
                }
              />
              {/* A reminder's unsubscribe link works signed in or not (issue 26). */}
              <Route path="unsubscribe/:token" element={<UnsubscribePage />} />
              {/* A letter's QR code opens this for anyone: an embassy, a landlord (issue 26). */}
              <Route path="verify/:code" element={<VerifyLetterPage />} />
            </Route>
            {adminRoutes()}
            {/* Unknown paths go home (§8: a failed fetch or access check also lands on /). */}
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        </Suspense>
      </RouteErrorBoundary>
    </>
  );
}
