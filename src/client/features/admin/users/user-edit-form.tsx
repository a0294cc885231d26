import Info from "lucide-react/icons/info";
import { useState, type FormEvent } from "react";
import type { User } from "@shared/api/auth";
import { PLAN_DISPLAY_NAMES, PLAN_NAMES, type PlanName } from "@shared/constants";
import { Button } from "@client/components/ui/button";
import { Input } from "@client/components/ui/input";
import { Label } from "@client/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@client/components/ui/select";
import { Switch } from "@client/components/ui/switch";
import { toast } from "@client/lib/toast";
import { isUnauthorizedError } from "@client/lib/unauthorized";
import { serverMessage } from "../api/admin-query";
import { useUpdateUser } from "../api/users";

export const PLAN_CHANGE_NOTE =
  "Changing the plan here updates Jargon's records only. The payment provider is not contacted: nothing is charged, refunded or cancelled, and the change is kept in the billing history.";

/** Email, names, phone, plan and admin flag of one user; used inline (wide screens) and in the drawer. */
export function UserEditForm({ user, onDone }: { user: User; onDone: () => void }) {
  const [fields, setFields] = useState({
    email: user.email,
    firstName: user.firstName ?? "",
    lastName: user.lastName ?? "",
    phoneNumber: user.phoneNumber ?? "",
    subscriptionPlan: user.subscriptionPlan as PlanName,
    isAdmin: user.isAdmin,
  });
  const updateUser = useUpdateUser();
  const idFor = (name: string) => `user-${user.id}-${name}`;
  const set = (name: "email" | "firstName" | "lastName" | "phoneNumber") => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    if (!form.reportValidity()) return;
    updateUser.mutate(
      {
        id: user.id,
        email: fields.email.trim(),
        firstName: fields.firstName.trim() || null,
        lastName: fields.lastName.trim() || null,
        phoneNumber: fields.phoneNumber.trim() || null,
        subscriptionPlan: fields.subscriptionPlan,
        isAdmin: fields.isAdmin,
      },
      {
        onSuccess: (updated) => {
          toast({ title: "User updated", description: `${updated.email} was saved.`, variant: "success" });
          onDone();
        },
        onError: (error) => {
          if (!isUnauthorizedError(error))
            toast({
              title: "Failed to update user",
              description: serverMessage(error),
              variant: "destructive",
            });
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      className="grid grid-cols-1 gap-4 sm:grid-cols-2"
      aria-label={`Edit ${user.email}`}
    >
      <div className="flex flex-col gap-1.5 sm:col-span-2">
        <Label htmlFor={idFor("email")}>Email</Label>
        <Input
          id={idFor("email")}
          type="email"
          required
          maxLength={254}
          value={fields.email}
          onChange={(event) => set("email")(event.target.value)}
          autoComplete="off"
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={idFor("first")}>First Name</Label>
        <Input
          id={idFor("first")}
          maxLength={100}
          value={fields.firstName}
          onChange={(event) => set("firstName")(event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={idFor("last")}>Last Name</Label>
        <Input
          id={idFor("last")}
          maxLength={100}
          value={fields.lastName}
          onChange={(event) => set("lastName")(event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={idFor("phone")}>Phone Number</Label>
        <Input
          id={idFor("phone")}
          type="tel"
          maxLength={32}
          pattern="\+?[0-9 ()\-]{5,31}"
          title="Digits, spaces, brackets and dashes, optionally starting with +"
          value={fields.phoneNumber}
          onChange={(event) => set("phoneNumber")(event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={idFor("plan")}>Subscription Plan</Label>
        <Select
          value={fields.subscriptionPlan}
          onValueChange={(plan) =>
            setFields((current) => ({ ...current, subscriptionPlan: plan as PlanName }))
          }
        >
          <SelectTrigger id={idFor("plan")} aria-describedby={idFor("plan-note")}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {PLAN_NAMES.map((plan) => (
              <SelectItem key={plan} value={plan}>
                {PLAN_DISPLAY_NAMES[plan]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <p
        id={idFor("plan-note")}
        className="flex gap-2 rounded-lg bg-muted p-3 text-xs text-muted-foreground sm:col-span-2"
      >
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
        {PLAN_CHANGE_NOTE}
      </p>
      <div className="flex items-center gap-3 sm:col-span-2">
        <Switch
          id={idFor("admin")}
          checked={fields.isAdmin}
          onCheckedChange={(isAdmin) => setFields((current) => ({ ...current, isAdmin }))}
        />
        <Label htmlFor={idFor("admin")}>Administrator</Label>
      </div>
      {updateUser.isError && !isUnauthorizedError(updateUser.error) ? (
        // Also said here: the toast may sit behind the drawer, out of a screen reader's reach.
        <p role="alert" className="text-sm font-medium text-destructive sm:col-span-2">
          {serverMessage(updateUser.error) ?? "Failed to update user"}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={updateUser.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={updateUser.isPending}>
          {updateUser.isPending ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </form>
  );
}
