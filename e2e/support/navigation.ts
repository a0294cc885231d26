/** The main links with the free plan's 'Upgrade' at position 4, then Review (both shells list them in this order). */
export const TOP_LINKS_FREE_PLAN = [
  "Dashboard",
  "Discover",
  "Subscriptions",
  "Upgrade",
  "Favorites",
  "History",
  "Review",
];

/** The six signed-in screens issue 25 holds to its speed targets, by path, with their <h1>. */
export const BUDGETED_SCREENS = [
  { path: "/", heading: "Learning Dashboard" },
  { path: "/review", heading: "Review" },
  { path: "/history", heading: "Learning History" },
  { path: "/favorites", heading: "Favorites" },
  { path: "/subscriptions", heading: "Subscriptions" },
  { path: "/progress", heading: "Progress" },
] as const;
