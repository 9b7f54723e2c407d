import { useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation } from 'react-router';
import { EXTERNAL_BASE_URL } from '../platform/config';
import { featureRoutes } from './features';
import { FullScreenLoader } from './shell/FullScreenLoader';
import { RouteError } from './shell/RouteError';
import { Shell } from './shell/Shell';
import { TopProgress } from './shell/TopProgress';

/** An unknown address goes to the external base address when one is configured, else to the dashboard. */
function UnknownPath() {
  const location = useLocation();
  useEffect(() => {
    if (EXTERNAL_BASE_URL) window.location.assign(EXTERNAL_BASE_URL);
  }, []);
  if (EXTERNAL_BASE_URL) return <FullScreenLoader />;
  return <Navigate to="/dashboard" replace state={{ from: location.pathname }} />;
}

function Root() {
  return (
    <>
      <TopProgress />
      <Outlet />
    </>
  );
}

export const router = createBrowserRouter([
  {
    element: <Root />,
    hydrateFallbackElement: <FullScreenLoader />,
    errorElement: <RouteError />,
    children: [
      {
        // The client cabinet: its own sign-in and shell, loaded only when a client opens it.
        path: '/pcc/*',
        lazy: () => import('../features/cabinets/PccApp').then((m) => ({ Component: m.PccApp })),
        hydrateFallbackElement: <FullScreenLoader />,
      },
      {
        // The contractor portal: the same, for a contractor.
        path: '/ops/*',
        lazy: () => import('../features/cabinets/ops/OpsApp').then((m) => ({ Component: m.OpsApp })),
        hydrateFallbackElement: <FullScreenLoader />,
      },
      {
        // The carrier's cabinet: its own sign-in and shell, loaded only when a carrier opens it.
        path: '/carrier/*',
        lazy: () =>
          import('../features/cabinets/carrier/CarrierApp').then((m) => ({ Component: m.CarrierApp })),
        hydrateFallbackElement: <FullScreenLoader />,
      },
      {
        path: '/login',
        lazy: () => import('./LoginPage').then((m) => ({ Component: m.LoginPage })),
        hydrateFallbackElement: <FullScreenLoader />,
      },
      {
        path: '/',
        element: <Shell />,
        hydrateFallbackElement: <FullScreenLoader />,
        children: [
          {
            // A failing screen shows its error inside the shell, with the menu still there.
            errorElement: <RouteError />,
            children: [
              { index: true, element: <Navigate to="/dashboard" replace /> },
              ...featureRoutes,
              { path: '*', element: <UnknownPath /> },
            ],
          },
        ],
      },
    ],
  },
]);
