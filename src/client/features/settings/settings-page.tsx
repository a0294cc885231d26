import Bell from "lucide-react/icons/bell";
import CreditCard from "lucide-react/icons/credit-card";
import Palette from "lucide-react/icons/palette";
import UserIcon from "lucide-react/icons/user";
import UserCog from "lucide-react/icons/user-cog";
import type { LucideIcon } from "lucide-react";
import { IconTabsList } from "@client/components/layout/icon-tabs-list";
import { PageContainer } from "@client/components/layout/page-container";
import { PageHeader } from "@client/components/layout/page-header";
import { Tabs, TabsContent } from "@client/components/ui/tabs";
import { useAuth } from "@client/lib/auth";
import { useUrlTab } from "@client/lib/use-url-tab";
import { AccountTab } from "./account/account-tab";
import { AlertsTab } from "./alerts/alerts-tab";
import { PlanTab } from "./plan/plan-tab";
import { ProfileTab } from "./profile-tab";
import { ThemeTab } from "./theme-tab";

/** plans-billing §2: five tabs; the first is the default, `?tab=plan` (or any tab's value) opens that one. */
const TABS = [
  { value: "profile", label: "Profile", icon: UserIcon },
  { value: "plan", label: "Plan", icon: CreditCard },
  { value: "notifications", label: "Alerts", icon: Bell },
  { value: "appearance", label: "Theme", icon: Palette },
  { value: "account", label: "Account", icon: UserCog },
] as const satisfies readonly { value: string; label: string; icon: LucideIcon }[];

export default function SettingsPage() {
  const { user } = useAuth();
  const [tab, selectTab] = useUrlTab("/settings", TABS, "profile");

  return (
    <PageContainer className="max-w-4xl">
      <PageHeader title="Settings" description="Manage your profile, plan, alerts, theme and account." />
      <Tabs value={tab} onValueChange={selectTab}>
        <IconTabsList
          tabs={TABS}
          className="grid h-auto w-full grid-cols-5 sm:inline-flex sm:h-10 sm:w-auto"
          triggerClassName="h-auto flex-col gap-1 px-1 py-1.5 text-xs sm:h-8 sm:flex-row sm:gap-2 sm:px-3 sm:py-0 sm:text-sm"
        />
        {user ? (
          <>
            <TabsContent value="profile" className="mt-6">
              <ProfileTab user={user} />
            </TabsContent>
            <TabsContent value="plan" className="mt-6">
              <PlanTab user={user} />
            </TabsContent>
            <TabsContent value="notifications" className="mt-6">
              <AlertsTab />
            </TabsContent>
            <TabsContent value="appearance" className="mt-6">
              <ThemeTab />
            </TabsContent>
            <TabsContent value="account" className="mt-6">
              <AccountTab />
            </TabsContent>
          </>
        ) : null}
      </Tabs>
    </PageContainer>
  );
}
