import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Splash } from "./components/layout/splash";
import { LazyToaster } from "./components/ui/lazy-toaster";
import { AuthProvider, useAuth } from "./lib/auth";
import { useServerTheme } from "./lib/theme";
import { useTimeZoneSync } from "./lib/time-zone";
import { handleUnauthorized } from "./lib/unauthorized";
import { MemberRoutes, VisitorRoutes } from "./routes";

/**
 * Signed in or not decides the route set (plans-billing §2). While that is unknown a blank splash shows,
 * so a signed-in user never sees the landing page or a 404 flash by.
 */
function Session() {
  const { user, isLoading } = useAuth();
  const [wasSignedIn, setWasSignedIn] = useState(false);
  if (user && !wasSignedIn) setWasSignedIn(true);
  // The session ended under an open page (expired, signed out elsewhere): same as any 401 in the app.
  const sessionLost = wasSignedIn && !user && !isLoading;

  useServerTheme(user !== null);
  useTimeZoneSync(user);
  useEffect(() => {
    if (sessionLost) handleUnauthorized();
  }, [sessionLost]);

  if (isLoading || sessionLost) return <Splash />;
  return user ? <MemberRoutes user={user} /> : <VisitorRoutes />;
}

/** The whole app: in the browser (main.tsx) and, for a member's page, on the server (server-paint.tsx). */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Session />
        <LazyToaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
