export { useProgress } from "./api/progress";
export { nextDueDay } from "./figures";
export { ProgressCard } from "./progress-card";
