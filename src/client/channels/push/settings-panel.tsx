import Smartphone from "lucide-react/icons/smartphone";
import { SettingsSection } from "@client/components/layout/settings-section";
import { PushDeviceHelp, PushDeviceSwitch } from "./push-device-switch";
import { usePushOnThisDevice } from "./use-push-on-this-device";

/** Issue 15: push is per browser, so this switch is about the device in hand, not the account. */
export function PushSettingsPanel() {
  const push = usePushOnThisDevice();
  const help = push.permission === "denied" || push.permission === "unsupported";
  return (
    <SettingsSection
      icon={Smartphone}
      title="Push notifications on this device"
      description="Get each new word as a notification on this phone or computer; tap it to open the word."
      action={<PushDeviceSwitch push={push} />}
    >
      {help ? <PushDeviceHelp push={push} /> : null}
    </SettingsSection>
  );
}
