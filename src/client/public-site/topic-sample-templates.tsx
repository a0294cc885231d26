import { DomainSampleCard } from "@client/features/marketing/components/domain-sample-card";
import {
  DEFAULT_LOOK_KEY,
  SAMPLE_CARD_TEMPLATES_ID,
  SAMPLES_ERROR_KEY,
} from "@client/features/marketing/components/sample-card-dom";
import { SamplesError } from "@client/features/marketing/components/samples-error";
import { DOMAIN_LOOKS } from "@client/features/marketing/data/topics";

/** One word with every field, so the template carries each element a real word may need. */
const templateSample = (name: string) => ({
  name,
  displayName: "",
  description: "",
  icon: "",
  wordCount: 0,
  words: [{ word: "", definition: "", pronunciation: "-", level: "Beginner" as const }],
});

/**
 * The prerendered /topics page's card templates: one DomainSampleCard per domain look and the error panel,
 * inert until public-site/enhance.ts fills copies of them with the live samples.
 */
export function TopicSampleTemplates() {
  return (
    <template id={SAMPLE_CARD_TEMPLATES_ID}>
      {[...Object.keys(DOMAIN_LOOKS), DEFAULT_LOOK_KEY].map((look) => (
        <div key={look} data-look={look}>
          <DomainSampleCard sample={templateSample(look)} />
        </div>
      ))}
      <div data-look={SAMPLES_ERROR_KEY}>
        <SamplesError />
      </div>
    </template>
  );
}
