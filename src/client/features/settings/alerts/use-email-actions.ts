import { toast } from "@client/lib/toast";
import { isUnauthorizedError } from "@client/lib/unauthorized";
import { useDisableAllEmail, useUpdatePreferences, useUpdateSubscriptionEmails } from "../api/preferences";

/** The failure toast, unless the 401 handler is already showing 'Unauthorized' and signing the user out. */
function failed(error: unknown, description: string): void {
  if (isUnauthorizedError(error)) return;
  toast({ title: "Error", description, variant: "destructive" });
}

/** The Alerts tab's e-mail changes, each with the success and failure toasts of plans-billing §8. */
export function useEmailActions() {
  const disableAll = useDisableAllEmail();
  const updateEmails = useUpdateSubscriptionEmails();
  const updatePreferences = useUpdatePreferences();

  /** The toggle's disable mode. Resolves false when it failed (the toggle then goes back on). */
  async function disableAllEmail(): Promise<boolean> {
    try {
      await disableAll.mutateAsync();
      toast({
        title: "Email Notifications Disabled",
        description: "All subscriptions have been switched to in-app delivery only.",
      });
      return true;
    } catch (error) {
      failed(error, "Failed to disable email notifications");
      return false;
    }
  }

  /**
   * E-mail on or off for some subscriptions. `origin` picks the wording: one card's switch, the bulk buttons, or
   * the toggle's enable mode.
   */
  async function setEmails(
    subscriptionIds: number[],
    enableEmail: boolean,
    origin: "card" | "bulk" | "toggle",
    userEmailPreference: boolean,
  ): Promise<boolean> {
    try {
      const answer = await updateEmails.mutateAsync({ subscriptionIds, enableEmail, userEmailPreference });
      toast({
        title:
          origin === "bulk"
            ? "Bulk Email Update"
            : enableEmail
              ? "Email Notifications Enabled"
              : "Email Notifications Disabled",
        description: answer.message,
      });
      return true;
    } catch (error) {
      failed(
        error,
        origin === "card"
          ? "Failed to update email settings. Please try again."
          : "Failed to update email settings",
      );
      return false;
    }
  }

  /** The toggle's enable mode when no subscription needs changing: only the preference is stored. */
  async function setEmailPreference(emailNotifications: boolean): Promise<boolean> {
    try {
      await updatePreferences.mutateAsync({ emailNotifications });
      toast({ title: "Success", description: "Preferences updated successfully" });
      return true;
    } catch (error) {
      failed(error, "Failed to update preferences");
      return false;
    }
  }

  return {
    disableAllEmail,
    setEmails,
    setEmailPreference,
    disablePending: disableAll.isPending,
    emailsPending: updateEmails.isPending,
    preferencePending: updatePreferences.isPending,
  };
}
