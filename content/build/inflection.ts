/**
 * Does an example sentence use its headword? Editors write "amortize" and then "The loan is amortized over ten
 * years", "basis point" and "25 basis points", "attorney general" and "attorneys general", "take stock" and "took
 * stock", so the check compares words by a light stem instead of by spelling, allowing any one word of a phrase
 * to be inflected.
 */

// Irregular forms that no suffix rule reaches (the common ones in idioms and professional phrases).
const IRREGULAR: Record<string, string[]> = {
  be: ["am", "is", "are", "was", "were", "been", "being"],
  have: ["has", "had", "having"],
  do: ["does", "did", "done", "doing"],
  go: ["goes", "went", "gone", "going"],
  take: ["took", "taken"],
  give: ["gave", "given"],
  get: ["got", "gotten"],
  forget: ["forgot", "forgotten"],
  make: ["made"],
  keep: ["kept"],
  hold: ["held"],
  bring: ["brought"],
  buy: ["bought"],
  sell: ["sold"],
  tell: ["told"],
  think: ["thought"],
  catch: ["caught"],
  teach: ["taught"],
  seek: ["sought"],
  fight: ["fought"],
  come: ["came"],
  become: ["became"],
  run: ["ran"],
  see: ["saw", "seen"],
  say: ["said"],
  pay: ["paid"],
  lay: ["laid"],
  lead: ["led"],
  leave: ["left"],
  feel: ["felt"],
  deal: ["dealt"],
  mean: ["meant"],
  meet: ["met"],
  send: ["sent"],
  spend: ["spent"],
  lend: ["lent"],
  build: ["built"],
  break: ["broke", "broken"],
  speak: ["spoke", "spoken"],
  write: ["wrote", "written"],
  ride: ["rode", "ridden"],
  rise: ["rose", "risen"],
  drive: ["drove", "driven"],
  fall: ["fell", "fallen"],
  throw: ["threw", "thrown"],
  blow: ["blew", "blown"],
  grow: ["grew", "grown"],
  know: ["knew", "known"],
  draw: ["drew", "drawn"],
  show: ["showed", "shown"],
  fly: ["flew", "flown"],
  bite: ["bit", "bitten"],
  hide: ["hid", "hidden"],
  eat: ["ate", "eaten"],
  beat: ["beaten"],
  forgive: ["forgave", "forgiven"],
  forsake: ["forsook", "forsaken"],
  begin: ["began", "begun"],
  drink: ["drank", "drunk"],
  sing: ["sang", "sung"],
  sink: ["sank", "sunk"],
  swim: ["swam", "swum"],
  ring: ["rang", "rung"],
  spring: ["sprang", "sprung"],
  stand: ["stood"],
  understand: ["understood"],
  strike: ["struck", "stricken"],
  stick: ["stuck"],
  swing: ["swung"],
  hang: ["hung"],
  dig: ["dug"],
  win: ["won"],
  lose: ["lost"],
  shoot: ["shot"],
  sit: ["sat"],
  find: ["found"],
  bind: ["bound"],
  wind: ["wound"],
  grind: ["ground"],
  hear: ["heard"],
  sweep: ["swept"],
  sleep: ["slept"],
  weep: ["wept"],
  creep: ["crept"],
  light: ["lit"],
  slide: ["slid"],
  bear: ["bore", "borne", "born"],
  tear: ["tore", "torn"],
  wear: ["wore", "worn"],
  swear: ["swore", "sworn"],
  freeze: ["froze", "frozen"],
  steal: ["stole", "stolen"],
  choose: ["chose", "chosen"],
  wake: ["woke", "woken"],
  shake: ["shook", "shaken"],
  arise: ["arose", "arisen"],
  foresee: ["foresaw", "foreseen"],
  undertake: ["undertook", "undertaken"],
  overtake: ["overtook", "overtaken"],
  withdraw: ["withdrew", "withdrawn"],
  man: ["men"],
  woman: ["women"],
  child: ["children"],
  foot: ["feet"],
  tooth: ["teeth"],
  mouse: ["mice"],
  goose: ["geese"],
  person: ["people"],
  datum: ["data"],
  criterion: ["criteria"],
  phenomenon: ["phenomena"],
  analysis: ["analyses"],
  thesis: ["theses"],
  hypothesis: ["hypotheses"],
  basis: ["bases"],
  crisis: ["crises"],
  diagnosis: ["diagnoses"],
  prognosis: ["prognoses"],
  synopsis: ["synopses"],
  nucleus: ["nuclei"],
  stimulus: ["stimuli"],
  fungus: ["fungi"],
  cactus: ["cacti"],
  alumnus: ["alumni"],
  radius: ["radii"],
  locus: ["loci"],
  medium: ["media"],
  curriculum: ["curricula"],
  stratum: ["strata"],
  bacterium: ["bacteria"],
  vertebra: ["vertebrae"],
  formula: ["formulae"],
  larva: ["larvae"],
  appendix: ["appendices"],
  index: ["indices"],
  matrix: ["matrices"],
  vertex: ["vertices"],
  leaf: ["leaves"],
  life: ["lives"],
  knife: ["knives"],
  half: ["halves"],
  shelf: ["shelves"],
  wolf: ["wolves"],
  calf: ["calves"],
  thief: ["thieves"],
  good: ["better", "best"],
  bad: ["worse", "worst"],
  little: ["less", "least"],
  much: ["more", "most"],
  many: ["more", "most"],
  far: ["further", "farther", "furthest", "farthest"],
};

const IRREGULAR_BASE = new Map<string, string>();
for (const [base, forms] of Object.entries(IRREGULAR)) {
  for (const form of forms) if (!IRREGULAR_BASE.has(form)) IRREGULAR_BASE.set(form, base);
}

/** The base of an irregular form ("took" → "take", "analyses" → "analysis"), or undefined. */
export function irregularBase(word: string): string | undefined {
  const base = IRREGULAR_BASE.get(word);
  if (base) return base;
  // "overthrew", "rebuilt", "undertook", "withheld": a prefix before an irregular form.
  const prefix = /^(re|over|under|out|with|for|mis|up|fore)(?=[a-z]{3})/.exec(word)?.[1];
  const rest = prefix ? IRREGULAR_BASE.get(word.slice(prefix.length)) : undefined;
  return prefix && rest ? prefix + rest : undefined;
}

// Placeholders in idiom headwords ("give someone the cold shoulder", "keep one's cool") stand for one to three
// other words ("gave her the cold shoulder", "kept their cool").
const PLACEHOLDERS = new Set(["someone", "somebody", "something", "sb", "sth", "oneself"]);
// "stick to your guns" is said "she stuck to her guns": a possessive or reflexive in a headword stands for any.
const POSSESSIVES = new Set(["my", "your", "his", "her", "its", "our", "their", "one", "whose"]);
const REFLEXIVES = new Set([
  "myself",
  "yourself",
  "himself",
  "herself",
  "itself",
  "oneself",
  "ourselves",
  "yourselves",
  "themselves",
]);
/** Lowercase, accents removed, curly apostrophes straightened: "Qur’an" and "Qur'an", "café" and "cafe" agree. */
export function normalizeText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[’‘ʼ`]/g, "'");
}

/** Words of a text: letters, digits and inner apostrophes; a possessive 's is dropped ("Torah's" → "torah"). */
export function tokenize(text: string): string[] {
  return (normalizeText(text).match(/[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*/gu) ?? []).map((token) =>
    token.replace(/'s$/, ""),
  );
}

/**
 * A light stem: the word without its inflectional ending, so that "points"/"point", "amortized"/"amortize",
 * "planning"/"plan", "equities"/"equity" and "runneth"/"run" meet. Derivational endings are left alone on purpose
 * ("manager" is not "manage").
 */
export function stem(word: string): string {
  const irregular = irregularBase(word);
  if (irregular) return stem(irregular);
  let w = word;
  if (w.length > 4 && /[^aeiou]ies$/.test(w)) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /[^aeiou]ied$/.test(w)) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(eth|est)$/.test(w) && !/(ee|[aeiou]st)$/.test(w.slice(0, -1)))
    w = w.slice(0, -3);
  else if (w.length > 5 && w.endsWith("ing")) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith("ed") && !w.endsWith("eed")) w = w.slice(0, -2);
  else if (w.length > 4 && /(s|sh|ch|x|z|o)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !/(ss|us|is|as)$/.test(w)) w = w.slice(0, -1);
  // "planned" → "plann" → "plan"; "amortiz(e)" → "amortiz"; "equity" and "equiti" meet at "equit".
  if (/([bdfgklmnprtvz])\1$/.test(w) && w.length > 3) w = w.slice(0, -1);
  w = w.replace(/e$/, "").replace(/[yi]$/, "");
  return w;
}

function sameWord(headToken: string, exampleToken: string): boolean {
  if (headToken === exampleToken) return true;
  if (headToken.length <= 2 || exampleToken.length <= 2) return false;
  return stem(headToken) === stem(exampleToken);
}

/** How many example words, starting at `at`, one headword token can cover. */
function matchToken(headToken: string, tokens: string[], at: number): number[] {
  const token = tokens[at];
  if (token === undefined) return [];
  if (PLACEHOLDERS.has(headToken)) return [1, 2, 3].filter((n) => at + n <= tokens.length);
  if (POSSESSIVES.has(headToken) && headToken !== "one") return POSSESSIVES.has(token) ? [1] : [];
  if (REFLEXIVES.has(headToken)) return REFLEXIVES.has(token) ? [1] : [];
  return sameWord(headToken, token) ? [1] : [];
}

function matchesFrom(head: string[], tokens: string[], h: number, at: number): boolean {
  if (h === head.length) return true;
  for (const width of matchToken(head[h]!, tokens, at)) {
    if (matchesFrom(head, tokens, h + 1, at + width)) return true;
  }
  return false;
}

/**
 * True when the text uses the headword: its words in order, each possibly inflected; hyphens and spaces are the
 * same ("write-off" matches "write-offs", "ice cream" matches "ice-cream"), and a closed compound matches its
 * spaced form ("database" matches "data base" is not needed, so it does not).
 */
export function containsHeadword(text: string, headword: string): boolean {
  const head = tokenize(normalizeText(headword).replace(/\b(?:one|someone|somebody)'s\b/g, "someone"));
  if (head.length === 0) return false;
  const tokens = tokenize(text);
  for (let at = 0; at < tokens.length; at++) {
    if (matchesFrom(head, tokens, 0, at)) return true;
  }
  // A headword written as one word may appear hyphenated or spaced, and the other way round ("e-mail", "email").
  const joinedHead = head.join("");
  for (let at = 0; at < tokens.length; at++) {
    let joined = "";
    for (let end = at; end < Math.min(tokens.length, at + 4); end++) {
      joined += tokens[end];
      if (sameWord(joinedHead, joined)) return true;
    }
  }
  return false;
}
