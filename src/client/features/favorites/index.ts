export { useFavorites } from "./api/favorites";
export { useToggleFavorite, type FavoriteChange } from "./api/toggle-favorite";
export { savedDefinitionsLabel } from "./saved-count";
