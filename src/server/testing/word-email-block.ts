import type { NewWordBlock } from "@server/channels/email/word-email";
import { TEST_APP_URL } from "./test-app";

/** A new word as the word e-mail renders it, with the test app's links; `extra` sets what a test is about. */
export const newWordBlock = (extra: Partial<NewWordBlock> = {}): NewWordBlock => ({
  word: "quarantine",
  pronunciation: "/ˈkwɔrənˌtin/",
  definition: "A period of isolation for people or animals that may carry an infectious disease.",
  example: "The returning crew spent two weeks in quarantine.",
  partOfSpeech: "noun",
  note: "Quarantine is for the possibly exposed; isolation is for the known sick.",
  reference: null,
  translation: null,
  openUrl: `${TEST_APP_URL}/api/open?token=x`,
  saveUrl: `${TEST_APP_URL}/api/save?token=y`,
  gradeUrls: {
    knewIt: `${TEST_APP_URL}/api/grade?token=a`,
    didntKnow: `${TEST_APP_URL}/api/grade?token=b`,
    known: `${TEST_APP_URL}/api/grade?token=c`,
  },
  ...extra,
});
