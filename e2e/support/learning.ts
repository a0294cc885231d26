import type { Page } from "@playwright/test";
import type { DueCard, Progress, Rating } from "@shared/api/learning";
import { callApi, expect } from "./fixtures";

/* The learning loop through its public API (issue 16): what is due, grading, and the Progress figures. */

export async function dueCards(page: Page): Promise<DueCard[]> {
  const response = await page.request.get("/api/review/due?limit=100");
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as DueCard[];
}

export async function gradeByApi(page: Page, cardId: number, rating: Rating): Promise<void> {
  await callApi(page, "POST", `/api/review/${cardId}/grade`, { rating, channel: "web" });
}

export async function progressOf(page: Page): Promise<Progress> {
  const response = await page.request.get("/api/progress");
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Progress;
}

/** The definition of a due card's word, as the page shows the word in its heading. */
export function definitionOf(cards: DueCard[], word: string): string {
  const card = cards.find((due) => due.content.word === word);
  if (!card) throw new Error(`${word} is not due`);
  return card.content.definition;
}
