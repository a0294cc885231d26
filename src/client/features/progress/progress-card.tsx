import ArrowRight from "lucide-react/icons/arrow-right";
import TrendingUp from "lucide-react/icons/trending-up";
import { Link } from "wouter";
import { Card, CardContent, CardHeader, CardTitle } from "@client/components/ui/card";
import { useProgress } from "./api/progress";
import { FreezeNote, ProgressFigures } from "./progress-figures";

/**
 * The dashboard's compact Progress card: streak, mastered, would recall today, due today, and the way to the Progress
 * page. `loading` draws it as still loading whatever has arrived (the dashboard's first-screen placeholder): its
 * placeholders are as tall as the figures, so it has its loaded height.
 */
export function ProgressCard({ className, loading = false }: { className?: string; loading?: boolean }) {
  const { data } = useProgress();
  const progress = loading ? undefined : data;
  return (
    <Card className={className} role="region" aria-labelledby="progress-card-title">
      <CardHeader className="flex-row items-center justify-between gap-3">
        <CardTitle id="progress-card-title" className="flex items-center gap-2 text-lg">
          <TrendingUp className="size-5 text-primary" aria-hidden />
          Progress
        </CardTitle>
        <Link
          href="/progress"
          className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-primary hover:underline"
        >
          View progress
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      </CardHeader>
      <CardContent className="space-y-3">
        <ProgressFigures progress={progress} compact />
        <FreezeNote freezes={progress?.freezes} />
      </CardContent>
    </Card>
  );
}
