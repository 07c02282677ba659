import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { AppShell } from '../components/app-shell';
import { AnonymousNavbarAccount } from '../components/navbar-account';
import { contactDetails, institute } from '../content/institute';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
});

function RootLayout() {
  return (
    <AppShell
      navbar={{
        brand: institute.shortName,
        renderAccount: (variant, onNavigate) => <AnonymousNavbarAccount variant={variant} onNavigate={onNavigate} />,
      }}
      footer={{
        brand: institute.name,
        tagline: institute.tagline,
        foundedYear: institute.foundedYear,
        videoChannelUrl: contactDetails.videoChannelUrl,
        contactLines: [...contactDetails.addressLines.slice(1), contactDetails.phone, contactDetails.email],
      }}
    >
      <Outlet />
    </AppShell>
  );
}
