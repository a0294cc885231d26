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
