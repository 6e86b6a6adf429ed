import { createBrowserRouter, Navigate } from 'react-router';
import { Layout } from './layout.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { RegisterPage } from '../features/auth/register-page.tsx';
import { ChooseNewPasswordPage } from '../features/auth/choose-new-password-page.tsx';

/** Signed-in screens load their own code, so public pages stay light. */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/home', element: <Navigate to="/chicago" replace /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/reset-password', element: <ChooseNewPasswordPage /> },
      { path: '/:regionPath', lazy: async () => ({ Component: (await import('../features/regions/region-page.tsx')).RegionPage }) },
      { path: '/dashboard', lazy: async () => ({ Component: (await import('../features/dashboard/dashboard-page.tsx')).DashboardPage }) },
      { path: '/admin/outbox', lazy: async () => ({ Component: (await import('../features/admin/outbox-page.tsx')).OutboxPage }) },
      { path: '*', element: <HomePage /> },
    ],
  },
]);
