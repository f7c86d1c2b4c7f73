import { Navigate, useBasename } from 'react-admin';

/**
 * Sends a resource's default list route (e.g. /admin/sectors, where "back to the list" links
 * go) to the page where that list lives (/admin/stadium/sectors).
 */
export function RedirectTo({ path }: { path: string }) {
  const basename = useBasename();
  return <Navigate to={`${basename}${path}`} replace />;
}
