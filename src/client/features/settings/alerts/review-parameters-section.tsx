import BrainCircuit from "lucide-react/icons/brain-circuit";
import { Skeleton } from "@client/components/ui/skeleton";
import { usePreferences } from "../api/preferences";
import { SettingsSection } from "@client/components/layout/settings-section";
import { reviewParametersLine } from "./review-parameters";

/** Issue 16: whether reviews are scheduled with the learner's own FSRS parameters or FSRS's defaults. */
export function ReviewParametersSection() {
  const personal = usePreferences().data?.personalParameters;
  return (
    <SettingsSection
      icon={BrainCircuit}
      title="Review parameters"
      description="How Jargon decides when a word comes back: FSRS, tuned to your own memory once it has enough reviews to learn from."
    >
      {personal ? (
        <p className="text-sm" data-testid="review-parameters">
          {reviewParametersLine(personal)}
        </p>
      ) : (
        <Skeleton className="h-5 w-72 max-w-full" />
      )}
    </SettingsSection>
  );
}
