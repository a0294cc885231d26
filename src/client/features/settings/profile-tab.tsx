import UserRound from "lucide-react/icons/user-round";
import { useId } from "react";
import type { User } from "@shared/api/auth";
import { Input } from "@client/components/ui/input";
import { Label } from "@client/components/ui/label";
import { useAppConfig } from "@client/lib/app-config";
import { usePreferences } from "./api/preferences";
import { PhoneField } from "./profile/phone-field";
import { SettingsSection } from "@client/components/layout/settings-section";

const PROFILE_CAPTION = "Managed by your account provider";

/**
 * plans-billing §2 Profile: name and e-mail read-only; the phone number is editable since issue 15, verified by a
 * texted code. The caption is the spec's, for every account (issue 28: the account provider is whoever runs the
 * sign-in, Jargon included); a second line names that provider.
 */
export function ProfileTab({ user }: { user: User }) {
  const preferences = usePreferences();
  const provider = useAppConfig()?.signInProvider;
  const explanation =
    user.signInMethod === "oidc"
      ? `Your name and e-mail come from ${provider ?? "your sign-in provider"}`
      : "Your name as given at your first sign-in; your e-mail is the address you sign in with";
  const caption = (
    <>
      <span className="block">{PROFILE_CAPTION}</span>
      <span className="block">{explanation}</span>
    </>
  );
  const fields = [
    { label: "First Name", value: user.firstName },
    { label: "Last Name", value: user.lastName },
    { label: "Email", value: user.email, type: "email" },
  ];
  return (
    <SettingsSection icon={UserRound} title="Profile Information" description={caption}>
      <div className="grid gap-5 sm:grid-cols-2">
        {fields.map((field) => (
          <ReadOnlyField key={field.label} {...field} />
        ))}
        {preferences.data ? (
          <PhoneField phoneNumber={preferences.data.phoneNumber} verified={preferences.data.phoneVerified} />
        ) : (
          <ReadOnlyField label="Phone Number" value={user.phoneNumber} type="tel" />
        )}
      </div>
    </SettingsSection>
  );
}

function ReadOnlyField({
  label,
  value,
  type = "text",
}: {
  label: string;
  value: string | null;
  type?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type={type}
        value={value ?? ""}
        placeholder="Not provided"
        readOnly
        aria-readonly
        className="bg-muted/60 text-foreground read-only:cursor-default"
      />
    </div>
  );
}
