import Layers from "lucide-react/icons/layers";
import { Link } from "wouter";
import { EmptyState } from "@client/components/layout/empty-state";
import { PageContainer } from "@client/components/layout/page-container";
import { PageHeader } from "@client/components/layout/page-header";
import { TakeOverLater } from "@client/components/take-over-later";
import { Button } from "@client/components/ui/button";
import { useProgress } from "./api/progress";
import { ChartCard } from "./chart-card";
import { ForecastChart, RetentionChart, TopicsChart } from "./charts";
import { forecastSummary, formatDay, percent, retentionSummary, topicsSummary } from "./figures";
import { FreezeNote, ProgressFigures } from "./progress-figures";
import { RecallTrend } from "./recall-trend";

/** /progress: the streak, mastered, would-recall (with its trend) and due figures, and the forecast, retention and per-topic charts. */
export default function ProgressPage() {
  const { data: progress, isError, refetch } = useProgress();
  return (
    <PageContainer>
      <PageHeader
        title="Progress"
        description="How well your words are sticking, and what comes back when."
        actions={
          <Button asChild>
            <Link href="/review">
              <Layers aria-hidden />
              Review now
            </Link>
          </Button>
        }
      />
      {isError ? (
        <EmptyState
          icon={Layers}
          title="Could not load your progress"
          description="Please try again in a moment."
          action={<Button onClick={() => void refetch()}>Try again</Button>}
        />
      ) : (
        <div className="space-y-6">
          <TakeOverLater>
            <div className="space-y-2">
              <ProgressFigures progress={progress} />
              <FreezeNote freezes={progress?.freezes} />
              <RecallTrend recall={progress?.recall} />
            </div>
          </TakeOverLater>
          {/* The cards are drawn before their figures, each at its final height (issue 25: nothing moves). */}
          <div className="grid gap-6 lg:grid-cols-2">
            <TakeOverLater>
              <ChartCard
                className="lg:col-span-2"
                title="Due in the next 30 days"
                summary={progress ? forecastSummary(progress.forecast) : null}
                columns={["Day", "Reviews due"]}
                rows={progress?.forecast.map(({ date, count }) => [formatDay(date), String(count)]) ?? []}
              >
                {progress ? <ForecastChart forecast={progress.forecast} /> : null}
              </ChartCard>
            </TakeOverLater>
            <TakeOverLater>
              <ChartCard
                title="Retention by week"
                summary={progress ? retentionSummary(progress.retention) : null}
                columns={["Week of", "Known (Good or Easy)"]}
                rows={progress?.retention.map(({ week, rate }) => [formatDay(week), percent(rate)]) ?? []}
              >
                {progress ? <RetentionChart retention={progress.retention} /> : null}
              </ChartCard>
            </TakeOverLater>
            <TakeOverLater>
              <ChartCard
                title="Recall by topic"
                summary={progress ? topicsSummary(progress.topics) : null}
                columns={["Topic", "Chance of recall now"]}
                rows={
                  progress?.topics.map(({ name, retrievability }) => [name, percent(retrievability)]) ?? []
                }
                chartClassName={progress && progress.topics.length > 5 ? "h-80" : "h-56 sm:h-64"}
              >
                {progress ? <TopicsChart topics={progress.topics} /> : null}
              </ChartCard>
            </TakeOverLater>
          </div>
        </div>
      )}
    </PageContainer>
  );
}
