import Building2 from "lucide-react/icons/building-complex";
import type { AdminTeamRequest } from "@shared/api/teams";
import { formatBillingDay } from "@shared/rules/billing";
import { EmptyState } from "@client/components/layout/empty-state";
import { Card } from "@client/components/ui/card";
import { Skeleton } from "@client/components/ui/skeleton";
import { useAdminTeamRequests } from "../api/team-requests";

/** Requests from the public /teams form (issue 28): who asked, for how many seats, and whether we acknowledged. */
export function TeamsTab() {
  const requests = useAdminTeamRequests();
  if (requests.isPending) return <Skeleton className="h-40 w-full" />;
  if (requests.isError) {
    return <p className="text-sm text-destructive">The team requests could not be loaded.</p>;
  }
  if (requests.data.length === 0) {
    return (
      <EmptyState
        icon={Building2}
        title="No team requests yet"
        description="Requests sent from the Teams page (/teams) appear here, newest first."
      />
    );
  }
  return (
    <section aria-labelledby="team-requests-heading" className="flex flex-col gap-3">
      <h2 id="team-requests-heading" className="text-base font-semibold">
        Team requests ({requests.data.length})
      </h2>
      <ul className="flex flex-col gap-3">
        {requests.data.map((request) => (
          <TeamRequestItem key={request.id} request={request} />
        ))}
      </ul>
    </section>
  );
}

function TeamRequestItem({ request }: { request: AdminTeamRequest }) {
  return (
    <li>
      <Card className="flex flex-col gap-2 p-4 text-sm" aria-label={request.company}>
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h3 className="text-base font-semibold">{request.company}</h3>
          <span className="text-muted-foreground">
            {formatBillingDay(new Date(request.createdAt), "local")}
          </span>
        </div>
        <p>
          <span className="font-medium">{request.seats} seats</span> ·{" "}
          <a href={`mailto:${request.workEmail}`} className="text-primary underline-offset-4 hover:underline">
            {request.workEmail}
          </a>
          {request.accountEmail ? (
            <span className="text-muted-foreground"> · signed in as {request.accountEmail}</span>
          ) : null}
        </p>
        {request.message ? <p className="whitespace-pre-wrap">{request.message}</p> : null}
        <p className={request.acknowledgedAt ? "text-muted-foreground" : "font-medium text-destructive"}>
          {request.acknowledgedAt
            ? "Acknowledged by e-mail"
            : "Acknowledgement not sent: reply to the requester yourself"}
        </p>
      </Card>
    </li>
  );
}
