import type { Favorite } from "@shared/api/favorites";
import { Card } from "@client/components/ui/card";
import { FavoriteButton } from "@client/components/word/favorite-button";
import { ShareButton } from "@client/components/word/share-button";
import { WordCard } from "@client/components/word/word-card";
import { useToggleFavorite } from "./api/toggle-favorite";
import { localDateFormat } from "@client/lib/local-date-format";

const savedDate = localDateFormat({ month: "short", day: "numeric", year: "numeric" });

/** One saved word on the Favorites page: everything about it, when it was saved, share and unfavorite. */
export function FavoriteWordCard({ favorite }: { favorite: Favorite }) {
  const { toggle, isChanging } = useToggleFavorite();
  const { content } = favorite;
  return (
    <Card className="flex p-5">
      <WordCard
        className="flex-1"
        headingLevel={2}
        content={content}
        actions={
          <>
            <ShareButton word={content.word} definition={content.definition} />
            <FavoriteButton
              word={content.word}
              isFavorite
              disabled={isChanging(favorite.contentId)}
              onToggle={() => toggle({ contentId: favorite.contentId, favorite: false })}
            />
          </>
        }
        meta={
          <>
            Saved <time dateTime={favorite.createdAt}>{savedDate.format(new Date(favorite.createdAt))}</time>
          </>
        }
      />
    </Card>
  );
}
