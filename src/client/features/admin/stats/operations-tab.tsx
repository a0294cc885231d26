import Activity from "lucide-react/icons/activity";
import AlertTriangle from "lucide-react/icons/triangle-exclamation-point";
import { PLAN_DISPLAY_NAMES, type PlanName } from "@shared/constants";
import { formatRelativeTime } from "@shared/rules/relative-time";
import { EmptyState } from "@client/components/layout/empty-state";
import { Card } from "@client/components/ui/card";
import { Skeleton } from "@client/components/ui/skeleton";
import { useAdminOperations } from "../api/stats";

const CHANNEL_LABELS: Record<string, string> = { email: "E-mail", sms: "SMS", push: "Push" };

/**
 * The operations overview (issue 17): accounts, money, the outbox's last day and the latest billing events; first,
 * an alert for each text budget at 80 % or more of today's limit (issue 24).
 */
export function OperationsTab() {
  const operations = useAdminOperations();
  if (operations.isPending) return <Skeleton className="h-64 rounded-2xl" aria-busy="true" />;
  if (operations.isError) {
    return (
      <EmptyState icon={Activity} title="Couldn't load the overview" description="Please reload the page." />
    );
  }
  const data = operations.data;
  const now = new Date(data.generatedAt);
  const figures: [string, string][] = [
    ["Users", data.users.total.toLocaleString("en-US")],
    ["Active trials", data.users.activeTrials.toLocaleString("en-US")],
    ...data.paidPlans.map(({ plan, users }): [string, string] => [
      `${PLAN_DISPLAY_NAMES[plan as PlanName] ?? plan} plans`,
      users.toLocaleString("en-US"),
    ]),
    [
      "Oldest queued send",
      data.oldestPendingSendAt ? formatRelativeTime(data.oldestPendingSendAt, now) : "None waiting",
    ],
  ];
  return (
    <div className="flex flex-col gap-6">
      {data.alerts.length > 0 && (
        <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/10 p-4 text-sm">
          <p className="mb-1 flex items-center gap-2 font-semibold">
            <AlertTriangle className="size-4" aria-hidden="true" />
            Text budgets
          </p>
          <ul className="list-disc pl-6">
            {data.alerts.map((alert) => (
              <li key={alert}>{alert}</li>
            ))}
          </ul>
        </div>
      )}
      <section aria-labelledby="operations-heading">
        <h2 id="operations-heading" className="mb-4 text-lg font-semibold">
          Operations
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {figures.map(([label, value]) => (
            <Card key={label} className="flex flex-col-reverse gap-1 p-4">
              <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
              <dd className="text-xl font-bold tabular-nums">{value}</dd>
            </Card>
          ))}
        </dl>
      </section>

      <section aria-labelledby="sends-heading">
        <h2 id="sends-heading" className="mb-3 text-base font-semibold">
          Sends in the last 24 hours
        </h2>
        {data.sendsLast24h.length === 0 ? (
          <p className="text-sm text-muted-foreground">No e-mail, SMS or push sends in the last 24 hours.</p>
        ) : (
          <div className="overflow-x-auto rounded-xl border border-border">
            <table className="w-full text-sm">
              <thead className="bg-muted text-left text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Channel
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Sent
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Failed
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Waiting
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.sendsLast24h.map((row) => (
                  <tr key={row.channel} className="border-t border-border tabular-nums">
                    <th scope="row" className="px-3 py-2 text-left font-medium">
                      {CHANNEL_LABELS[row.channel] ?? row.channel}
                    </th>
                    <td className="px-3 py-2 text-right">{row.sent}</td>
                    <td
                      className={
                        row.failed > 0
                          ? "px-3 py-2 text-right font-semibold text-destructive"
                          : "px-3 py-2 text-right"
                      }
                    >
                      {row.failed}
                    </td>
                    <td className="px-3 py-2 text-right">{row.pending}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="billing-events-heading">
        <h2 id="billing-events-heading" className="mb-3 text-base font-semibold">
          Latest billing events
        </h2>
        {data.lastBillingEvents.length === 0 ? (
          <p className="text-sm text-muted-foreground">No billing events yet.</p>
        ) : (
          <ul className="divide-y divide-border rounded-xl border border-border text-sm">
            {data.lastBillingEvents.map((event) => (
              <li
                key={event.id}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-2"
              >
                <span className="font-medium">{event.type}</span>
                <span className="min-w-0 truncate text-muted-foreground">{event.userEmail}</span>
                <time dateTime={event.createdAt} className="text-xs text-muted-foreground">
                  {formatRelativeTime(event.createdAt, now)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
