import type { Subscription } from "@shared/api/subscriptions";
import { Label } from "@client/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@client/components/ui/select";
import {
  topicsOf,
  type EmailFilter,
  type StatusFilter,
  type SubscriptionFilters,
} from "./subscription-filters";

/** plans-billing §2: status all/active/inactive, e-mail all/enabled/disabled, topic all or one. */
export function SubscriptionFilterBar({
  subscriptions,
  filters,
  onChange,
}: {
  subscriptions: readonly Subscription[];
  filters: SubscriptionFilters;
  onChange: (filters: SubscriptionFilters) => void;
}) {
  const topics = topicsOf(subscriptions);
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <FilterSelect
        id="filter-status"
        label="Status"
        value={filters.status}
        onChange={(status) => onChange({ ...filters, status: status as StatusFilter })}
        options={[
          { value: "all", label: "All statuses" },
          { value: "active", label: "Active" },
          { value: "inactive", label: "Inactive" },
        ]}
      />
      <FilterSelect
        id="filter-email"
        label="Email"
        value={filters.email}
        onChange={(email) => onChange({ ...filters, email: email as EmailFilter })}
        options={[
          { value: "all", label: "All email settings" },
          { value: "enabled", label: "Email enabled" },
          { value: "disabled", label: "Email disabled" },
        ]}
      />
      <FilterSelect
        id="filter-topic"
        label="Topic"
        value={filters.topic}
        onChange={(topic) => onChange({ ...filters, topic })}
        options={[
          { value: "all", label: "All topics" },
          ...topics.map((t) => ({ value: t.id, label: t.name })),
        ]}
      />
    </div>
  );
}

function FilterSelect({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
