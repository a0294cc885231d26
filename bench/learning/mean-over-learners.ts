/** The mean of a per-learner figure (an upper bound) over the first `learners` learners of a run. */
export function meanOverLearners(learners: number, figureOf: (learner: number) => number): number {
  let sum = 0;
  for (let learner = 0; learner < learners; learner++) sum += figureOf(learner);
  return sum / learners;
}
