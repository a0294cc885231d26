import { Heart } from "lucide-react";
import { PlaceholderPage } from "../../components/layout/placeholder-page";

export default function FavoritesPage() {
  return (
    <PlaceholderPage title="Favorites" description="The words and definitions you saved." icon={Heart} />
  );
}
