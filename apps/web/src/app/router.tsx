import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router'
import { PageSkeleton } from '../components/ui/page-skeleton.tsx'
import { AuthProvider } from '../auth/auth-state.tsx'
import { lazyPage, type ChunkLoadPolicy } from '../lib/lazy-route.ts'
import { RequireAdmin, RequireCreator, RequireSignedIn } from './guards.tsx'
import { AppLayout } from './layout/app-layout.tsx'
import { RouteErrorBoundary } from './route-error-boundary.tsx'

function createPages(policy?: ChunkLoadPolicy) {
  return {
    shop: lazyPage(() => import('../features/shop/shop-page.tsx'), policy),
    purchase: lazyPage(() => import('../features/shop/purchase-page.tsx'), policy),
    profileLink: lazyPage(() => import('../features/shop/profile-link-page.tsx'), policy),
    auth: lazyPage(() => import('../features/auth/auth-page.tsx'), policy),
    verifyEmail: lazyPage(() => import('../features/auth/verify-email-page.tsx'), policy),
    resetPassword: lazyPage(() => import('../features/auth/reset-password-page.tsx'), policy),
    myPicks: lazyPage(() => import('../features/picks/my-picks-page.tsx'), policy),
    createPick: lazyPage(() => import('../features/picks/create-pick-page.tsx'), policy),
    dashboard: lazyPage(() => import('../features/creator-tools/dashboard/dashboard-page.tsx'), policy),
    editProfile: lazyPage(() => import('../features/account/edit-profile-page.tsx'), policy),
    alerts: lazyPage(() => import('../features/account/alerts-page.tsx'), policy),
    manageSubscriptions: lazyPage(() => import('../features/account/manage-subscriptions-page.tsx'), policy),
    receipt: lazyPage(() => import('../features/account/receipt-page.tsx'), policy),
    affiliate: lazyPage(() => import('../features/account/affiliate-page.tsx'), policy),
    creatorNotifications: lazyPage(
      () => import('../features/creator-tools/notifications/creator-notifications-page.tsx'),
      policy,
    ),
    paymentSuccess: lazyPage(() => import('../features/payments/payment-success-page.tsx'), policy),
    onboardingComplete: lazyPage(
      () => import('../features/creator-tools/payments/onboarding-complete-page.tsx'),
      policy,
    ),
    creatorClients: lazyPage(() => import('../features/creator-tools/clients/creator-clients-page.tsx'), policy),
    creatorPayments: lazyPage(() => import('../features/creator-tools/payments/creator-payments-page.tsx'), policy),
    sandboxCheckout: lazyPage(() => import('../features/payments/sandbox-checkout-page.tsx'), policy),
    sandboxOnboarding: lazyPage(() => import('../features/creator-tools/payments/sandbox-onboarding-page.tsx'), policy),
    creatorPromotions: lazyPage(
      () => import('../features/creator-tools/promotions/creator-promotions-page.tsx'),
      policy,
    ),
    lockerRoom: lazyPage(() => import('../features/locker-room/locker-room-page.tsx'), policy),
    sportHub: lazyPage(() => import('../features/sport-hub/sport-hub-page.tsx'), policy),
    adminLogin: lazyPage(() => import('../features/admin/admin-login-page.tsx'), policy),
    adminDashboard: lazyPage(() => import('../features/admin/admin-dashboard-page.tsx'), policy),
    privacyPolicy: lazyPage(() => import('../features/legal/privacy-policy-page.tsx'), policy),
    termsOfService: lazyPage(() => import('../features/legal/terms-of-service-page.tsx'), policy),
    creatorTerms: lazyPage(() => import('../features/legal/creator-terms-page.tsx'), policy),
    support: lazyPage(() => import('../features/legal/support-page.tsx'), policy),
  }
}

type Pages = ReturnType<typeof createPages>

/** The chunks a visitor on `pathname` most likely needs next (prefetched on fast connections). */
function nextPagesFinder(pages: Pages) {
  const fromShop = [pages.purchase.preload, pages.auth.preload, pages.lockerRoom.preload]
  const toShop = [pages.shop.preload]
  return (pathname: string): readonly (() => void)[] => {
    if (pathname === '/shop-picks' || pathname === '/marketplace') return fromShop
    if (pathname.startsWith('/shop-picks/')) return [pages.auth.preload]
    return toShop
  }
}

/** Keeps the query string (e.g. `?redirect=`) when an old address forwards to a new one. */
function forwardTo(pathname: string) {
  return {
    loader: ({ request }: LoaderFunctionArgs) => redirect(`${pathname}${new URL(request.url).search}`),
    // Never rendered: the loader always redirects.
    element: null,
  }
}

/** Every route of spec §2. `policy` overrides the chunk retry policy (tests). */
export function createRoutes(options: { policy?: ChunkLoadPolicy } = {}): RouteObject[] {
  const pages = createPages(options.policy)
  const nextPagesFor = nextPagesFinder(pages)
  const page = (path: string, lazy: { lazy: RouteObject['lazy'] }): RouteObject => ({ path, lazy: lazy.lazy })

  return [
    {
      id: 'root',
      element: (
        <AuthProvider>
          <AppLayout nextPagesFor={nextPagesFor} />
        </AuthProvider>
      ),
      errorElement: <RouteErrorBoundary />,
      children: [
        {
          // Page errors render inside the layout, so the navigation stays usable.
          errorElement: <RouteErrorBoundary />,
          // While the first page's code loads, the layout is already the real one and only the
          // page is a skeleton: a fallback layout of its own would be swapped for the real one
          // when the code arrives, and a bottom-bar sheet opened meanwhile would close.
          HydrateFallback: PageSkeleton,
          children: [
            { index: true, ...forwardTo('/shop-picks') },
            { path: 'login', ...forwardTo('/auth') },
            { path: 'signup', ...forwardTo('/auth') },

            page('shop-picks', pages.shop),
            page('marketplace', pages.shop),
            page('shop-picks/purchase/:creatorId', pages.purchase),
            page('my-picks', pages.myPicks),

            page('auth', pages.auth),
            page('verify-email', pages.verifyEmail),
            page('reset-password', pages.resetPassword),

            page('payment-success', pages.paymentSuccess),
            page('success', pages.paymentSuccess),

            page('privacy-policy', pages.privacyPolicy),
            page('terms-of-service', pages.termsOfService),
            page('creator-terms', pages.creatorTerms),
            page('support', pages.support),

            page('locker-room', pages.lockerRoom),
            page('locker-room/:sport', pages.lockerRoom),
            page('sport-hub/:sport', pages.sportHub),
            page('creator/onboarding/complete', pages.onboardingComplete),

            {
              element: <RequireSignedIn />,
              children: [
                page('dashboard', pages.dashboard),
                page('edit-profile', pages.editProfile),
                page('alerts', pages.alerts),
                page('manage-subscriptions', pages.manageSubscriptions),
                page('receipts/:id', pages.receipt),
                page('affiliate', pages.affiliate),
                // The sandbox provider's stand-ins for the hosted checkout and onboarding pages.
                page('sandbox/checkout/:sessionId', pages.sandboxCheckout),
                page('sandbox/onboarding/:linkId', pages.sandboxOnboarding),
              ],
            },
            {
              element: <RequireCreator />,
              children: [
                page('create-pick', pages.createPick),
                page('creator-promotions', pages.creatorPromotions),
                page('creator/payments', pages.creatorPayments),
                page('creator/notifications', pages.creatorNotifications),
                page('creator/clients', pages.creatorClients),
              ],
            },

            page('admin/login', pages.adminLogin),
            {
              element: <RequireAdmin />,
              children: [
                page('admin/dashboard', pages.adminDashboard),
                page('admin/dashboard/:section', pages.adminDashboard),
              ],
            },

            // Last: any other single segment is a creator's profile link.
            page(':username', pages.profileLink),
          ],
        },
      ],
    },
  ]
}
