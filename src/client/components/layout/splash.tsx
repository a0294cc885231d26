/**
 * Shown while we learn whether the visitor is signed in (one quick request): a blank page in the theme's
 * colours, so neither the landing page nor a 404 flashes at a signed-in user.
 */
export function Splash() {
  return (
    <div className="min-h-dvh bg-background" aria-busy="true">
      <p className="sr-only" role="status">
        Loading…
      </p>
    </div>
  );
}
