import { Navigate } from '@tanstack/react-router';

/** Unknown paths go to /404 (spec section 2). */
export function NotFoundRedirect() {
  return <Navigate to="/404" replace />;
}
