import { z } from "zod";

/** What the user types to confirm deleting the account (a typed word, as GitHub and Stripe do). */
export const DELETE_ACCOUNT_CONFIRMATION = "DELETE";
export const DELETE_CONFIRMATION_MESSAGE = `Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm`;

/** POST /api/user/delete-account */
export const deleteAccountRequestSchema = z.object({
  confirmation: z
    .string({ error: DELETE_CONFIRMATION_MESSAGE })
    .refine((value) => value.trim() === DELETE_ACCOUNT_CONFIRMATION, { error: DELETE_CONFIRMATION_MESSAGE }),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** GET /api/user/export answers a ZIP holding these files. */
export const EXPORT_FILES = {
  readme: "README.txt",
  profile: "profile.json",
  subscriptions: "subscriptions.json",
  favorites: "favorites.json",
  history: "history.json",
  feedback: "feedback.json",
  teamRequests: "team-requests.json",
  favoritesCsv: "favorites.csv",
  historyCsv: "history.csv",
  anki: "favorites-anki.txt",
  reviewLog: "review-log.csv",
  ankiPackage: "jargon.apkg",
} as const;
