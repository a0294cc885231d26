import { UserRound } from "lucide-react";
import { useId } from "react";
import type { User } from "../../../shared/api/auth";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { usePreferences } from "./api/preferences";
import { PhoneField } from "./profile/phone-field";
import { SettingsSection } from "./settings-section";

/**
 * plans-billing §2 Profile: name and e-mail read-only (the account provider owns them); the phone number is
 * editable since issue 15, verified by a texted code.
 */
export function ProfileTab({ user }: { user: User }) {
  const preferences = usePreferences();
  const fields = [
    { label: "First Name", value: user.firstName },
    { label: "Last Name", value: user.lastName },
    { label: "Email", value: user.email, type: "email" },
  ];
  return (
    <SettingsSection
      icon={UserRound}
      title="Profile Information"
      description="Managed by your account provider"
    >
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
