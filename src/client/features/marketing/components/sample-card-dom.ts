import type { TopicSample } from "@shared/api/topics";
import { LEVEL_TONES } from "../data/level-tones";

/**
 * The prerendered /topics page (public-site/) gets its samples after load, with no React: it carries one
 * DomainSampleCard per domain look, rendered at build time, and fills a copy of the right one per sample through
 * the card's data-field marks. One card component, so both pages look the same.
 */
/** The /topics grid the cards go into. */
export const SAMPLES_GRID_ID = "domain-samples";
export const SAMPLE_CARD_TEMPLATES_ID = "domain-sample-cards";
/** The key of the default look's template (a domain DOMAIN_LOOKS does not list). */
export const DEFAULT_LOOK_KEY = "default";
/** The key of the error panel's template. */
export const SAMPLES_ERROR_KEY = "error";

const field = (root: ParentNode, name: string) => root.querySelector<HTMLElement>(`[data-field="${name}"]`);

function setText(root: ParentNode, name: string, text: string): void {
  const element = field(root, name);
  if (element) element.textContent = text;
}

/** A copy of a template card (rendered with one word) showing the sample. */
export function fillSampleCard(template: HTMLElement, sample: TopicSample): HTMLElement {
  const card = template.cloneNode(true) as HTMLElement;
  const titleId = `domain-${sample.name}`;
  card.setAttribute("aria-labelledby", titleId);
  field(card, "name")?.setAttribute("id", titleId);
  setText(card, "name", sample.displayName);
  setText(card, "count", `${sample.wordCount} terms`);
  setText(card, "description", sample.description);

  const list = field(card, "words");
  const prototype = list?.firstElementChild;
  if (!list || !prototype) return card;
  list.setAttribute("aria-label", `Sample ${sample.displayName} terms`);
  list.replaceChildren(
    ...sample.words.map((word) => {
      const item = prototype.cloneNode(true) as HTMLElement;
      setText(item, "word", word.word);
      setText(item, "definition", word.definition);
      const badge = field(item, "level");
      if (badge) {
        for (const tone of Object.values(LEVEL_TONES)) badge.classList.remove(...tone.split(" "));
        badge.classList.add(...LEVEL_TONES[word.level].split(" "));
        badge.textContent = word.level;
      }
      if (word.pronunciation) setText(item, "pronunciation", word.pronunciation);
      else field(item, "pronunciation")?.remove();
      return item;
    }),
  );
  return card;
}
