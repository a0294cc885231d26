import type { Favorite } from "@shared/api/favorites";

/** learner-core §5: the search matches the word, the definition or the topic's name, ignoring case. */
export function filterFavorites(favorites: readonly Favorite[], search: string): Favorite[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return [...favorites];
  return favorites.filter(({ content }) =>
    [content.word, content.definition, content.topic.displayName, content.topic.name].some((text) =>
      text.toLocaleLowerCase().includes(needle),
    ),
  );
}
