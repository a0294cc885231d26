/** learner-core §5: Discover search matches displayName or description, case-insensitively. */
export function matchesTopicSearch(
  topic: { displayName: string; description: string },
  search: string,
): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return topic.displayName.toLowerCase().includes(needle) || topic.description.toLowerCase().includes(needle);
}
