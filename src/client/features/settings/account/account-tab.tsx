import Download from "lucide-react/icons/download";
import LifeBuoy from "lucide-react/icons/life-buoy";
import LogOut from "lucide-react/icons/log-out";
import Mail from "lucide-react/icons/mail";
import Trash2 from "lucide-react/icons/trash";
import UserCog from "lucide-react/icons/user-cog";
import { Button } from "@client/components/ui/button";
import { useAppConfig } from "@client/lib/app-config";
import { toast } from "@client/lib/toast";
import { LOGOUT_PATH, isUnauthorizedError } from "@client/lib/unauthorized";
import { ApiError } from "@client/lib/api";
import { useExportData } from "../api/export-data";
import { SettingsSection } from "@client/components/layout/settings-section";
import { DeleteAccountDialog } from "./delete-account-dialog";

/** plans-billing §2 Account: support and sign-out, plus the data rights a learning service owes its users. */
export function AccountTab() {
  const supportEmail = useAppConfig()?.supportEmail;
  return (
    <div className="flex flex-col gap-6">
      <SettingsSection
        icon={UserCog}
        title="Account"
        description="Get help with your account, or sign out of Jargon on this device."
      >
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild variant="outline" aria-disabled={!supportEmail}>
            <a href={supportEmail ? `mailto:${supportEmail}` : undefined}>
              <LifeBuoy aria-hidden />
              Contact Support
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={LOGOUT_PATH}>
              <LogOut aria-hidden />
              Sign Out
            </a>
          </Button>
        </div>
        <p className="mt-3 flex min-h-5 items-center gap-1.5 text-sm text-muted-foreground">
          <Mail className="size-4 shrink-0" aria-hidden />
          {supportEmail ? <span>Support replies from {supportEmail}</span> : null}
        </p>
      </SettingsSection>
      <DownloadDataSection />
      <SettingsSection
        icon={Trash2}
        tone="danger"
        title="Delete account"
        description="Permanently delete your account, your subscriptions, favorites and learning history. Any paid plan or trial is cancelled first. This cannot be undone."
      >
        <DeleteAccountDialog />
      </SettingsSection>
    </div>
  );
}

function DownloadDataSection() {
  const exportData = useExportData();
  async function download() {
    try {
      const { fileName } = await exportData.mutateAsync();
      toast({
        title: "Download started",
        description: `Your data is saved as ${fileName}.`,
        variant: "success",
      });
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      toast({
        title: "Export Failed",
        description:
          error instanceof ApiError && error.status === 429
            ? (error.body?.message ?? "Too many downloads. Please wait a minute and try again.")
            : "Failed to download your data. Please try again.",
        variant: "destructive",
      });
    }
  }
  return (
    <SettingsSection
      icon={Download}
      title="Download my data"
      description="A ZIP file with your profile, subscriptions, favorites and full delivery history as JSON, favorites and history as CSV for spreadsheets, and your favorites as an Anki flashcard deck."
    >
      <Button type="button" variant="outline" onClick={() => void download()} disabled={exportData.isPending}>
        <Download aria-hidden />
        {exportData.isPending ? "Preparing..." : "Download my data"}
      </Button>
    </SettingsSection>
  );
}
