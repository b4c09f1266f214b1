/* Staff routes (req §2): /admin (FOREIGN access check) and /admin/kz (KZ access check), each a shell with a
 * left menu. The dormitory screens are open to both admin roles (both may write), so they live in both shells.
 * Used by app/router.jsx as {adminRoutes()} (a fragment of <Route>s). */
import { Navigate, Route } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import useDocumentTitle from '../../components/focus/useDocumentTitle';
import { lazyWithCatalogues as lazy } from '../lazyWithCatalogues';
import RequireSegment from './RequireSegment';
import { ADMIN_SHELLS, STAFF_ACCOUNTS_PATH } from '../../domain';

const AdminLayout = lazy(() => import(/* webpackChunkName: "admin" */ './AdminLayout'), undefined, { frame: true });
const review = (name) => lazy(() => import(/* webpackChunkName: "admin-review" */ '../../features/admin').then((m) => ({ default: m[name] })));
const DashboardPage = review('DashboardPage');
// A queue of the shell, or "not found" for any other segment: the check (the queues' list) comes with the page.
const KnownQueuePage = review('KnownQueuePage');
const NotFoundPage = review('NotFoundPage');
const UploadCodePage = review('UploadCodePage');
const UploadApplicationPage = review('UploadApplicationPage');
// Chunks named after their feature folder, so a built file says which of the dormitory screens it holds.
const DormitoryPage = lazy(() => import(/* webpackChunkName: "dorm-catalogue" */ '../../features/dormCatalogue/DormitoryPage'));
const RoomTypesPage = lazy(() => import(/* webpackChunkName: "dorm-catalogue" */ '../../features/dormCatalogue/RoomTypesPage'));
const DormTransfersPage = lazy(() => import(/* webpackChunkName: "dorm-admin" */ '../../features/dormAdmin/TransfersPage'));
const DormBoardPage = lazy(() => import(/* webpackChunkName: "dorm-admin" */ '../../features/dormAdmin/BoardPage'));
const ChatsPage = lazy(() => import(/* webpackChunkName: "admin-chats" */ '../../features/adminChats/ChatsPage'));
// Staff accounts and the audit trail (issue 22, decision 0079): the staff-management role's screen, and the page
// an invited staff member opens from the mail to choose a password.
const StaffPage = lazy(() => import(/* webpackChunkName: "staff-admin" */ '../../features/staffAdmin/StaffPage'));
const StaffInvitationPage = lazy(() =>
  import(/* webpackChunkName: "staff-admin" */ '../../features/staffAdmin/StaffInvitationPage'),
);
// The staff screen for the staff-management role without an admin role, in a bare layout (decision 0079).
const StaffAccountsLayout = lazy(() => import(/* webpackChunkName: "staff-admin" */ './StaffAccountsLayout'));
// A staff member's own sign-in security: new recovery codes (decision 0091).
const StaffSecurityPage = lazy(() =>
  import(/* webpackChunkName: "staff-security" */ '../../features/staffSecurity/StaffSecurityPage'),
);
// The staff "Settings" area (issue 23, decision 0086): the landing page and each section's lazy page.
const SettingsLandingPage = lazy(() =>
  import(/* webpackChunkName: "settings" */ './SettingsPage').then((m) => ({ default: m.SettingsLandingPage })),
);
const SettingsSectionPage = lazy(() =>
  import(/* webpackChunkName: "settings" */ './SettingsPage').then((m) => ({ default: m.SettingsSectionPage })),
);
// The page a queue export's document link opens (issue 23): downloads with the staff member's session.
const StaffFilePage = lazy(() => import(/* webpackChunkName: "admin-review" */ '../../features/admin/StaffFilePage'));
const SuborganizationsPage = lazy(() =>
  import(/* webpackChunkName: "dorm-admin" */ '../../features/dormAdmin/SuborganizationsPage'),
);

/** A staff page's title, "<page> — Administration — Qabyldau" in the interface language (WCAG 2.4.2, decision
 * 0077), for the pages that do not name themselves (the queues, the dormitory structure and "not found" do). */
function Titled({ titleKey, children }) {
  const { t } = useTranslation();
  useDocumentTitle(t(titleKey), t('admin_shell.title'));
  return children;
}

const titled = (titleKey, page) => <Titled titleKey={titleKey}>{page}</Titled>;

function shellRoutes(shell) {
  return (
    <Route
      key={shell.key}
      path={shell.base}
      element={
        <RequireSegment segment={shell.segment}>
          <AdminLayout shell={shell} />
        </RequireSegment>
      }
    >
      <Route index element={titled('admin.dashboard.title', <DashboardPage shell={shell} />)} />
      <Route path=":queue" element={<KnownQueuePage shell={shell} />} />
      {/* The menu's "Applicants' replies" (decision 0084): the all-applicants queue with the unread filter on. */}
      <Route path="replies" element={<Navigate to={`${shell.base}/users?unread=true`} replace />} />
      <Route path="dormitory/*" element={<DormitoryPage />} />
      <Route path="room-types" element={<RoomTypesPage />} />
      <Route path="dorm-transfers" element={titled('dorm_admin.transfers.title', <DormTransfersPage />)} />
      <Route path="dorm-board" element={titled('dorm_admin.board.title', <DormBoardPage />)} />
      <Route path="suborganizations" element={titled('dorm_admin.sub.title', <SuborganizationsPage />)} />
      <Route path="chats/*" element={titled('admin_chats.title', <ChatsPage />)} />
      <Route path="files/:fileId" element={<StaffFilePage />} />
      <Route path="staff" element={<StaffPage />} />
      <Route path="security" element={<StaffSecurityPage />} />
      <Route path="settings" element={<SettingsLandingPage shell={shell} />} />
      <Route path="settings/:section/*" element={<SettingsSectionPage shell={shell} />} />
      <Route path="*" element={<NotFoundPage shell={shell} />} />
    </Route>
  );
}

/** /upload (req §2): the citizens' admin's document intake, inside the KZ shell (same KZ access check). */
function uploadRoutes() {
  const shell = ADMIN_SHELLS.kz;
  return (
    <Route
      key="upload"
      path="/upload"
      element={
        <RequireSegment segment={shell.segment}>
          <AdminLayout shell={shell} />
        </RequireSegment>
      }
    >
      <Route index element={titled('admin.menu.upload', <UploadCodePage />)} />
      <Route path=":userId" element={titled('admin.menu.upload', <UploadApplicationPage />)} />
      <Route path="*" element={<NotFoundPage shell={shell} />} />
    </Route>
  );
}

export function adminRoutes() {
  return (
    <>
      {shellRoutes(ADMIN_SHELLS.kz)}
      {shellRoutes(ADMIN_SHELLS.foreign)}
      {uploadRoutes()}
      <Route key="staff-invitation" path="/staff-invitation" element={<StaffInvitationPage />} />
      <Route key="staff-accounts" path={STAFF_ACCOUNTS_PATH} element={<StaffAccountsLayout />} />
      <Route key="staff-security" path={`${STAFF_ACCOUNTS_PATH}/security`} element={<StaffAccountsLayout page="security" />} />
    </>
  );
}
