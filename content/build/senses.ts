/**
 * Curator's helper: `npx tsx content/build/senses.ts <topic> <word>...` lists a word's WordNet senses and marks
 * the one the build would pick for the topic without a sense hint.
 */
import { pickSense } from "./library";
import { topicProfile } from "./topic-profiles";
import { WordNet } from "./wordnet";

const [topic, ...words] = process.argv.slice(2);
if (!topic || words.length === 0) {
  console.error("usage: tsx content/build/senses.ts <topic> <word>...");
  process.exit(1);
}
const wordnet = new WordNet();
for (const word of words) {
  const senses = wordnet.senses(word.replace(/_/g, " "));
  const picked = pickSense(senses, undefined, topicProfile(topic));
  console.log(`${word}:${senses.length === 0 ? " (not in WordNet)" : ""}`);
  for (const sense of senses) {
    const mark = sense === picked ? "*" : " ";
    console.log(`  ${mark} ${sense.lexname.padEnd(18)} ${sense.definition.slice(0, 110)}`);
  }
}
