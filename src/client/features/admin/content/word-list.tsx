import Pencil from "lucide-react/icons/pencil";
import SearchX from "lucide-react/icons/search-x";
import Trash2 from "lucide-react/icons/trash";
import { useMemo, useState } from "react";
import type { AdminWord } from "@shared/api/admin";
import { ADMIN_WORDS_PAGE_SIZE } from "@shared/constants";
import { ConfirmDialog } from "@client/components/confirm-dialog";
import { EmptyState } from "@client/components/layout/empty-state";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardHeader } from "@client/components/ui/card";
import { SearchInput } from "@client/components/ui/search-input";
import { Skeleton } from "@client/components/ui/skeleton";
import { toast } from "@client/lib/toast";
import { isUnauthorizedError } from "@client/lib/unauthorized";
import { serverMessage } from "../api/admin-query";
import { useAdminWords, useDeleteWord } from "../api/content";
import { Pagination, paginate } from "../shared/pagination";

export const DELETE_WORD_QUESTION = "Are you sure you want to delete this word?";

/** The topic's words, 20 a page, each with Edit and Delete (after a confirmation). */
export function WordList({
  topicId,
  topicName,
  onEdit,
  onDeleted,
}: {
  topicId: number;
  topicName: string;
  onEdit: (word: AdminWord) => void;
  onDeleted: (word: AdminWord) => void;
}) {
  const words = useAdminWords(topicId);
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<AdminWord | null>(null);
  const deleteWord = useDeleteWord();

  const filtered = useMemo(() => {
    const query = search.trim().toLowerCase();
    const all = words.data ?? [];
    return query
      ? all.filter((w) => w.word.toLowerCase().includes(query) || w.definition.toLowerCase().includes(query))
      : all;
  }, [words.data, search]);
  const shown = paginate(filtered, page, ADMIN_WORDS_PAGE_SIZE);

  const remove = (word: AdminWord) =>
    deleteWord.mutate(
      { id: word.id, topicId },
      {
        onSuccess: () => {
          toast({ title: "Word deleted", description: `“${word.word}” was removed from ${topicName}.` });
          onDeleted(word);
        },
        onError: (error) => {
          if (!isUnauthorizedError(error))
            toast({
              title: "Failed to delete word",
              description: serverMessage(error),
              variant: "destructive",
            });
        },
        onSettled: () => setConfirming(null),
      },
    );

  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-lg leading-tight font-semibold">Words in {topicName}</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {words.data ? `${words.data.length.toLocaleString("en-US")} words` : "Loading words…"}
          </p>
        </div>
        <SearchInput
          value={search}
          onValueChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
          placeholder="Search this topic..."
          aria-label="Search words in this topic"
          className="sm:w-72"
        />
      </CardHeader>
      <CardContent>
        {words.isPending ? (
          <ul className="divide-y divide-border" aria-busy="true">
            {Array.from({ length: 5 }, (_, index) => (
              <li key={index} className="py-3">
                <Skeleton className="h-5 w-40" />
                <Skeleton className="mt-2 h-4 w-full max-w-xl" />
              </li>
            ))}
          </ul>
        ) : shown.items.length === 0 ? (
          <EmptyState
            icon={SearchX}
            headingLevel={3}
            title={search ? "No words match your search" : "No words yet"}
            description={
              search
                ? "Try another word or clear the search."
                : "Add the first word with 'Add New Word', or use Bulk upload."
            }
            className="border-none py-8"
          />
        ) : (
          <ul className="divide-y divide-border" aria-label={`Words in ${topicName}, page ${shown.page}`}>
            {shown.items.map((word) => (
              <li
                key={word.id}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="font-semibold">{word.word}</span>
                    {word.pronunciation ? (
                      <span className="text-sm text-muted-foreground">{word.pronunciation}</span>
                    ) : null}
                    {word.source === "admin" ? <Badge variant="secondary">Edited by admin</Badge> : null}
                  </p>
                  <p className="mt-0.5 text-sm text-muted-foreground">{word.definition}</p>
                  {word.example ? (
                    <p className="mt-1 text-sm italic text-muted-foreground">“{word.example}”</p>
                  ) : null}
                </div>
                <div className="flex shrink-0 gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => onEdit(word)}
                    aria-label={`Edit ${word.word}`}
                  >
                    <Pencil aria-hidden />
                    Edit
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    className="text-destructive hover:text-destructive"
                    onClick={() => setConfirming(word)}
                    aria-label={`Delete ${word.word}`}
                  >
                    <Trash2 aria-hidden />
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pagination
          page={shown.page}
          pageCount={shown.pageCount}
          onPageChange={setPage}
          label="Word list pages"
        />
      </CardContent>

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? null : setConfirming(null))}
        title={`Delete “${confirming?.word ?? ""}”?`}
        description={`${DELETE_WORD_QUESTION} Learners who already received it keep it in their history and favorites; it won't be delivered again.`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={deleteWord.isPending}
        onConfirm={() => {
          if (confirming) remove(confirming);
        }}
        cancelDisabledWhilePending
      />
    </Card>
  );
}
