import Activity from "lucide-react/icons/activity";
import BarChart3 from "lucide-react/icons/chart-column";
import Building2 from "lucide-react/icons/building-complex";
import FileText from "lucide-react/icons/file-text";
import FolderPlus from "lucide-react/icons/folder-plus";
import SettingsIcon from "lucide-react/icons/settings";
import Upload from "lucide-react/icons/upload";
import Users from "lucide-react/icons/users";
import type { LucideIcon } from "lucide-react";
import { useState } from "react";
import { IconTabsList } from "@client/components/layout/icon-tabs-list";
import { PageContainer } from "@client/components/layout/page-container";
import { PageHeader } from "@client/components/layout/page-header";
import { Tabs, TabsContent } from "@client/components/ui/tabs";
import { useAuth } from "@client/lib/auth";
import { useUrlTab } from "@client/lib/use-url-tab";
import { AccessDenied, AdminLoading } from "./access-denied";
import { BulkTab } from "./bulk/bulk-tab";
import { ContentTab } from "./content/content-tab";
import { SettingsTab } from "./settings/settings-tab";
import { OperationsTab } from "./stats/operations-tab";
import { StatsTab } from "./stats/stats-tab";
import { TeamsTab } from "./teams/teams-tab";
import { TopicsTab } from "./topics/topics-tab";
import { UsersTab } from "./users/users-tab";

/**
 * plans-billing §2 "Admin dashboard": six tabs, plus Operations beside Stats (issue 17) and Teams, the team plan
 * requests (issue 28); `?tab=` keeps the open one across reloads.
 */
const TABS = [
  { value: "stats", label: "Stats", icon: BarChart3 },
  { value: "operations", label: "Operations", icon: Activity },
  { value: "content", label: "Content", icon: FileText },
  { value: "topics", label: "Topics", icon: FolderPlus },
  { value: "bulk", label: "Bulk", icon: Upload },
  { value: "users", label: "Users", icon: Users },
  { value: "teams", label: "Teams", icon: Building2 },
  { value: "settings", label: "Settings", icon: SettingsIcon },
] as const satisfies readonly { value: string; label: string; icon: LucideIcon }[];

export default function AdminPage() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <AdminLoading />;
  if (!user?.isAdmin) return <AccessDenied />;
  return <AdminDashboard />;
}

function AdminDashboard() {
  const [tab, selectTab] = useUrlTab("/admin", TABS, "stats");
  // The topic chosen on Stats opens in Content; Content, Bulk and the pronunciation check share it.
  const [topicId, setTopicId] = useState<number | null>(null);

  return (
    <PageContainer>
      <PageHeader title="Admin Dashboard" description="Manage topics, words, users and payment settings." />
      <Tabs value={tab} onValueChange={selectTab}>
        <IconTabsList
          tabs={TABS}
          className="grid h-auto w-full grid-cols-3 sm:grid-cols-4 lg:inline-flex lg:h-10 lg:w-auto"
          triggerClassName="h-9 gap-1.5 px-2 text-xs sm:text-sm md:h-8 md:gap-2 md:px-3"
        />
        <TabsContent value="stats" className="mt-6">
          <StatsTab
            onOpenTopic={(id) => {
              setTopicId(id);
              selectTab("content");
            }}
          />
        </TabsContent>
        <TabsContent value="operations" className="mt-6">
          <OperationsTab />
        </TabsContent>
        <TabsContent value="content" className="mt-6">
          <ContentTab topicId={topicId} onTopicChange={setTopicId} />
        </TabsContent>
        <TabsContent value="topics" className="mt-6">
          <TopicsTab />
        </TabsContent>
        <TabsContent value="bulk" className="mt-6">
          <BulkTab topicId={topicId} onTopicChange={setTopicId} />
        </TabsContent>
        <TabsContent value="users" className="mt-6">
          <UsersTab />
        </TabsContent>
        <TabsContent value="teams" className="mt-6">
          <TeamsTab />
        </TabsContent>
        <TabsContent value="settings" className="mt-6">
          <SettingsTab />
        </TabsContent>
      </Tabs>
    </PageContainer>
  );
}
