import { describe, expect, it } from "vitest";
import {
  DAILY_REVIEW_CAP_DEFAULT,
  POOLED_PARAMETERS_MIN_LEARNERS,
  POOLED_PARAMETERS_MIN_REVIEWS,
} from "@shared/constants";
import { defaultPolicy } from "./default-policy";
import {
  OVERCLAIM,
  passivePolicy,
  PRIOR_KNOWLEDGE,
  simulatePolicy,
  wordDifficulties,
  type LoopPolicy,
} from "./harness";
import { MEMORY_MODELS } from "./models";
import { simulatePopulation } from "./population";
import { seededRandom } from "@shared/rules/random";

/** Pearson's correlation of two lists of the same length. */
function correlation(xs: readonly number[], ys: readonly number[]): number {
  const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const [mx, my] = [mean(xs), mean(ys)];
  let [sxy, sxx, syy] = [0, 0, 0];
  xs.forEach((x, index) => {
    const y = ys[index]!;
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
}

const AVERAGE_WORD = 0;

describe("the benchmark's memory models (not FSRS)", () => {
  for (const model of MEMORY_MODELS) {
    it(`${model.name}: recall falls with time and rises after a successful review`, () => {
      const memory = model.learner(seededRandom(3));
      const trace = memory.encode(0, AVERAGE_WORD);
      const [day1, day3, day10] = [1, 3, 10].map((day) => memory.recall(trace, day));
      expect(day1).toBeGreaterThan(day3!);
      expect(day3).toBeGreaterThan(day10!);
      memory.practise(trace, 3, "recalled", day3!);
      expect(memory.recall(trace, 4)).toBeGreaterThan(day1!);
      expect(memory.recall(trace, 10)).toBeGreaterThan(day10!);
    });

    it(`${model.name}: the average learner recalls a word read once about half the time a day later`, () => {
      // Averaged over learners (ability) for the average word: the anchor every model is calibrated to.
      const random = seededRandom(11);
      const learners = Array.from({ length: 2000 }, () => model.learner(random));
      const mean =
        learners.reduce((sum, memory) => sum + memory.recall(memory.encode(0, AVERAGE_WORD), 1), 0) / 2000;
      expect(mean).toBeGreaterThan(0.4);
      expect(mean).toBeLessThan(0.6);
    });
  }
});

describe("the benchmark's harness", () => {
  const options = { learners: 20, days: 60, seed: 5, engagement: 0.6 };

  it("passive word-of-the-day delivers exactly one new word a day and never a review", async () => {
    const result = await simulatePolicy(MEMORY_MODELS[0]!, passivePolicy, options);
    expect(result.newWords).toBe(60);
    expect(result.reviewItemsPerDayP95).toBe(0);
    expect(result.sendsWithoutNewWord).toBe(0);
    expect(result.sigmaR).toBeGreaterThan(0);
  });

  it("measured on an earlier day (measureDay), counts the words sent before it as a run ending that day does", async () => {
    // The passive word does not know when the run ends (nor reads answers, so the words overclaimed, drawn after the
    // run's days, do not move it): day 40 of a 60-day run is day 40 of a 40-day run.
    const early = await simulatePolicy(MEMORY_MODELS[0]!, passivePolicy, { ...options, measureDay: 40 });
    const ended = await simulatePolicy(MEMORY_MODELS[0]!, passivePolicy, { ...options, days: 40 });
    expect(early.newWords).toBe(40);
    expect(early.sigmaR).toBe(ended.sigmaR);
    expect(early.wordsAtLeast08).toBe(ended.wordsAtLeast08);
    const product = defaultPolicy({ personalParameters: false });
    const productEarly = await simulatePolicy(MEMORY_MODELS[0]!, product, { ...options, measureDay: 40 });
    expect(productEarly.newWords).toBe(40);
    expect(productEarly.sigmaR).toBeLessThan(
      (await simulatePolicy(MEMORY_MODELS[0]!, product, options)).sigmaR,
    );
  });

  it("counts review items per send and sends without a new word, and repeats from its seed", async () => {
    // A policy that reviews every word it has introduced and brings a new word only every other day.
    const everyOtherDay: LoopPolicy = {
      name: "default",
      reviewShowsDefinition: false,
      learner() {
        const introduced: number[] = [];
        let day = 0;
        return {
          plan: () => ({ reviews: [...introduced], newWords: day++ % 2 === 0 ? 1 : 0 }),
          introduce: (word) => void introduced.push(word),
          answer() {},
          unanswered() {},
        };
      },
    };
    const result = await simulatePolicy(MEMORY_MODELS[1]!, everyOtherDay, options);
    expect(result.newWords).toBe(30);
    expect(result.sendsWithoutNewWord).toBe(0.5);
    // Day d reviews the ⌈d/2⌉ words introduced before it: 0, 1, 1, 2, 2, … 29, 29, 30; the 57th of the 60 is 28.
    expect(result.reviewItemsPerDayP95).toBe(28);
    expect(result.reviewItemsPerDayMedian).toBe(15);
    expect(await simulatePolicy(MEMORY_MODELS[1]!, everyOtherDay, options)).toEqual(result);
    // Reviewing every day leaves the learner recalling more than reading once does.
    expect(result.sigmaR).toBeGreaterThan(
      (await simulatePolicy(MEMORY_MODELS[1]!, passivePolicy, options)).sigmaR / 2,
    );
  });

  it('learners overclaim: they tap "I knew this already" on some words they do not know, the same under every policy', async () => {
    // Asks every word claimed as known once, the day after the claim (or, with `askClaims` false, never).
    const claimsPolicy = (askClaims: boolean, claims: number[], forgotten: number[]): LoopPolicy => ({
      name: "default",
      reviewShowsDefinition: false,
      learner() {
        let claimedYesterday: number[] = [];
        return {
          plan() {
            const reviews = askClaims ? claimedYesterday : [];
            claimedYesterday = [];
            return { reviews, newWords: 1 };
          },
          introduce() {},
          answer(word, answer) {
            if (answer === "knew_already") {
              claims.push(word);
              claimedYesterday.push(word);
            }
            if (answer === "forgot") forgotten.push(word);
          },
          unanswered() {},
        };
      },
    });
    const run = { learners: 40, days: 60, seed: 5, engagement: 1 };
    const asked: number[] = [];
    const askedForgot: number[] = [];
    const neverAsked: number[] = [];
    await simulatePolicy(MEMORY_MODELS[0]!, claimsPolicy(true, asked, askedForgot), run);
    await simulatePolicy(MEMORY_MODELS[0]!, claimsPolicy(false, neverAsked, []), run);
    // Common random numbers: the same learners claim the same words whatever the policy does with the claim.
    expect(asked).toEqual(neverAsked);
    // Words truly known (5-30%, 17.5% on average) plus a share OVERCLAIM of the others.
    const meanPrior = (PRIOR_KNOWLEDGE[0] + PRIOR_KNOWLEDGE[1]) / 2;
    const claimedShare = asked.length / (run.learners * run.days);
    expect(claimedShare).toBeGreaterThan(meanPrior + OVERCLAIM * (1 - meanPrior) - 0.04);
    expect(claimedShare).toBeLessThan(meanPrior + OVERCLAIM * (1 - meanPrior) + 0.04);
    // A truly known word is recalled 98% of the time; an overclaimed one was only read, so it is often forgotten.
    expect(askedForgot.length / asked.length).toBeGreaterThan(0.08);
  });

  it("the product's default policy brings a new word at every send, with reviews within the daily cap", async () => {
    const result = await simulatePolicy(MEMORY_MODELS[0]!, defaultPolicy({ personalParameters: false }), {
      ...options,
      learners: 3,
    });
    expect(result.newWords).toBe(60);
    expect(result.sendsWithoutNewWord).toBe(0);
    expect(result.reviewItemsPerDayP95).toBeGreaterThan(0);
    expect(result.reviewItemsPerDayP95).toBeLessThanOrEqual(DAILY_REVIEW_CAP_DEFAULT);
  });

  it("with personal parameters, refits the learner's FSRS weights as the product does and schedules by them", async () => {
    const run = { ...options, learners: 1, engagement: 1 };
    const refitted = await simulatePolicy(
      MEMORY_MODELS[0]!,
      defaultPolicy({ personalParameters: true }),
      run,
    );
    const defaults = await simulatePolicy(
      MEMORY_MODELS[0]!,
      defaultPolicy({ personalParameters: false }),
      run,
    );
    expect(refitted.newWords).toBe(60);
    expect(refitted.reviewItemsPerDayP95).toBeLessThanOrEqual(DAILY_REVIEW_CAP_DEFAULT);
    // Over 64 reviews in 60 days, so fitted weights schedule some reviews on other days than the defaults would.
    expect(refitted.sigmaR).not.toBe(defaults.sigmaR);
  }, 60_000);

  it("a population before: the pooled fit of other learners' logs schedules a learner until their own weights", async () => {
    const model = MEMORY_MODELS[0]!;
    const few = await simulatePopulation(model, {
      seed: 5,
      days: 60,
      learners: POOLED_PARAMETERS_MIN_LEARNERS - 1,
    });
    // Below the product job's thresholds there is no pooled fit: every learner starts on FSRS's defaults.
    expect(few.logs).toHaveLength(POOLED_PARAMETERS_MIN_LEARNERS - 1);
    expect(few.pooledWeights).toBeNull();
    const population = await simulatePopulation(model, { seed: 5, days: 60, learners: 60 });
    expect(population.logs.reduce((sum, log) => sum + log.length, 0)).toBeGreaterThanOrEqual(
      POOLED_PARAMETERS_MIN_REVIEWS,
    );
    expect(population.pooledWeights).not.toBeNull();
    const run = { ...options, learners: 3 };
    const onDefaults = await simulatePolicy(model, defaultPolicy({ personalParameters: false }), run);
    const pooled = defaultPolicy({ personalParameters: false, pooledWeights: population.pooledWeights });
    const onPooled = await simulatePolicy(model, pooled, run);
    expect(onPooled.newWords).toBe(60);
    expect(onPooled.reviewItemsPerDayP95).toBeLessThanOrEqual(DAILY_REVIEW_CAP_DEFAULT);
    expect(onPooled.sigmaR).not.toBe(onDefaults.sigmaR);
    // What the logs say of each word follows its true difficulty (every model gives a word one for all learners):
    // the harder the word, the fewer remember its first ask.
    const difficulty = wordDifficulties(5);
    const firstAsks = [...population.wordEstimates].filter(([, word]) => word.firstAskRecall !== null);
    expect(firstAsks.length).toBeGreaterThanOrEqual(50);
    expect(
      correlation(
        firstAsks.map(([word]) => difficulty[word]!),
        firstAsks.map(([, estimate]) => estimate.firstAskRecall!),
      ),
    ).toBeLessThan(-0.5);
    const withWords = defaultPolicy({
      personalParameters: false,
      pooledWeights: population.pooledWeights,
      wordEstimates: population.wordEstimates,
    });
    expect((await simulatePolicy(model, withWords, run)).sigmaR).not.toBe(onPooled.sigmaR);
  }, 120_000);
});
