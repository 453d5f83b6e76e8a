import { Navigate, useLocation } from 'react-router-dom';

/** A folded sub-route (verify-code, select-country: steps of the form now): opens the form, keeping the query. */
export function KeepQueryRedirect({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}
