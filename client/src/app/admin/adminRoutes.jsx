/* Staff routes (spec §2): /admin (FOREIGN access check) and /admin/kz (KZ access check), each a shell with a
 * left menu. The dormitory screens are open to both admin roles (both may write), so they live in both shells.
 * Used by app/router.jsx as {adminRoutes()} (a fragment of <Route>s). */
import { Route } from 'react-router-dom';
import { lazyWithCatalogues as lazy } from '../lazyWithCatalogues';
import RequireSegment from './RequireSegment';
import { ADMIN_SHELLS } from './menu';

const AdminLayout = lazy(() => import(/* webpackChunkName: "admin" */ './AdminLayout'));
const AdminIndex = lazy(() =>
  import(/* webpackChunkName: "admin" */ './AdminLayout').then((module) => ({ default: module.AdminIndex })),
);
const DormitoryPage = lazy(() => import(/* webpackChunkName: "dormitory" */ '../../features/dormitory/DormitoryPage'));
const RoomTypesPage = lazy(() => import(/* webpackChunkName: "dormitory" */ '../../features/dormitory/RoomTypesPage'));

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
      <Route index element={<AdminIndex shell={shell} />} />
      <Route path="dormitory/*" element={<DormitoryPage />} />
      <Route path="room-types" element={<RoomTypesPage />} />
      <Route path="*" element={<AdminIndex shell={shell} />} />
    </Route>
  );
}

export function adminRoutes() {
  return (
    <>
      {shellRoutes(ADMIN_SHELLS.kz)}
      {shellRoutes(ADMIN_SHELLS.foreign)}
    </>
  );
}
