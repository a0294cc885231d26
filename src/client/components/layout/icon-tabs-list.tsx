import type { LucideIcon } from "lucide-react";
import { TabsList, TabsTrigger } from "../ui/tabs";

/** A page's tab bar: one trigger per tab, an icon before its label. The layout classes differ per page. */
export function IconTabsList({
  tabs,
  className,
  triggerClassName,
}: {
  tabs: readonly { value: string; label: string; icon: LucideIcon }[];
  className?: string;
  triggerClassName?: string;
}) {
  return (
    <TabsList className={className}>
      {tabs.map(({ value, label, icon: Icon }) => (
        <TabsTrigger key={value} value={value} className={triggerClassName}>
          <Icon className="size-4" aria-hidden />
          {label}
        </TabsTrigger>
      ))}
    </TabsList>
  );
}
