import type { TopicSamplesResponse } from "@shared/api/topics";
import type { Theme } from "@shared/constants";
import { makeMenuDismissible } from "@client/features/marketing/components/dismissible-menu";
import {
  DEFAULT_LOOK_KEY,
  SAMPLE_CARD_TEMPLATES_ID,
  SAMPLES_ERROR_KEY,
  SAMPLES_GRID_ID,
  fillSampleCard,
} from "@client/features/marketing/components/sample-card-dom";
import { applyTheme, initTheme, subscribe, themeSnapshot } from "@client/lib/theme-store";

/**
 * The only script of the prerendered public pages (no React): the theme switcher, the mobile menu's Escape and
 * click-outside, and /topics' live sample words. Everything else on those pages is plain HTML and links.
 */

function enhanceThemeSwitchers(): void {
  const radios = [...document.querySelectorAll<HTMLInputElement>('[aria-label="Theme"] input[type="radio"]')];
  const showCurrent = () => {
    for (const radio of radios) radio.checked = radio.value === themeSnapshot().theme;
  };
  for (const radio of radios) radio.addEventListener("change", () => applyTheme(radio.value as Theme));
  subscribe(showCurrent);
  showCurrent();
}

async function fetchTopicSamples(): Promise<TopicSamplesResponse> {
  const response = await fetch("/api/topics/samples");
  if (!response.ok) throw new Error(`GET /api/topics/samples: ${response.status}`);
  return (await response.json()) as TopicSamplesResponse;
}

/** /topics: the grid holds skeletons until the samples arrive; a failure shows the panel with "Try again". */
async function loadTopicSamples(grid: HTMLElement, templates: DocumentFragment): Promise<void> {
  const template = (look: string) =>
    templates.querySelector<HTMLElement>(`[data-look="${look}"] > *`) ??
    templates.querySelector<HTMLElement>(`[data-look="${DEFAULT_LOOK_KEY}"] > *`);
  try {
    const { topics } = await fetchTopicSamples();
    grid.replaceChildren(
      ...topics.flatMap((sample) => {
        const card = template(sample.name);
        return card ? [fillSampleCard(card, sample)] : [];
      }),
    );
    grid.setAttribute("aria-busy", "false");
  } catch (error) {
    console.warn("Could not load the topic samples", error);
    const panel = template(SAMPLES_ERROR_KEY)?.cloneNode(true) as HTMLElement | undefined;
    if (!panel) return;
    grid.hidden = true;
    grid.before(panel);
    panel.querySelector("[data-retry]")?.addEventListener("click", () => {
      panel.remove();
      grid.hidden = false;
      void loadTopicSamples(grid, templates);
    });
  }
}

initTheme();
enhanceThemeSwitchers();
for (const menu of document.querySelectorAll<HTMLDetailsElement>("details[data-menu]"))
  makeMenuDismissible(menu);
const samplesGrid = document.getElementById(SAMPLES_GRID_ID);
const sampleTemplates = document.getElementById(SAMPLE_CARD_TEMPLATES_ID);
if (samplesGrid && sampleTemplates instanceof HTMLTemplateElement) {
  void loadTopicSamples(samplesGrid, sampleTemplates.content);
}
