/* global localStorage, matchMedia, document */
// Runs before the first paint: applies the saved theme ("theme" in localStorage; see src/client/lib/theme-store.ts).
(function () {
  var dark = false;
  try {
    var saved = localStorage.getItem("theme");
    dark = saved === "dark" || (saved === "system" && matchMedia("(prefers-color-scheme: dark)").matches);
  } catch {
    // Storage blocked: the light default stands.
  }
  var root = document.documentElement;
  root.classList.toggle("dark", dark);
  root.style.colorScheme = dark ? "dark" : "light";
})();
