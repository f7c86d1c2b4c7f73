import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { ADMIN_BASENAME, AdminApp } from './AdminApp';

/**
 * Browser history (no hash), so /admin/emails/... deep links work: react-admin sits under the
 * /admin/* route and builds its links with the same basename. A data router lets react-admin
 * warn about unsaved form changes on navigation.
 */
const router = createBrowserRouter([
  { path: `${ADMIN_BASENAME}/*`, element: <AdminApp /> },
  { path: '*', element: <Navigate to={ADMIN_BASENAME} replace /> },
]);

export default function App() {
  return <RouterProvider router={router} />;
}
