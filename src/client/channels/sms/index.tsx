import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import type { Preferences } from "@shared/api/preferences";
import { PREFERENCES_KEY } from "@client/lib/query-keys";
import type { ChannelControls, ChannelLink } from "../channel";

/** Texts go only to a verified number: until there is one, the switch says where to verify it. */
function useVerifiedPhone(): ChannelLink {
  const preferences = useQuery<Preferences>({ queryKey: PREFERENCES_KEY });
  return {
    ready: preferences.data ? preferences.data.phoneVerified : preferences.isError ? false : null,
    howToLink: (
      <>
        <Link href="/settings" className="font-medium text-primary underline-offset-2 hover:underline">
          Verify your phone number
        </Link>{" "}
        in Settings to get words by text
      </>
    ),
    offered: true,
    pending: false,
  };
}

/** Off for a new subscription: each text costs money, so the learner asks for it. */
export const smsControls: ChannelControls = {
  switchLabel: "Text message (SMS)",
  hint: "A short text to your verified phone",
  startsOn: "off",
  useLink: useVerifiedPhone,
};
