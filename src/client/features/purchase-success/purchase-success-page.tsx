import { BadgeCheck } from "lucide-react";
import { PlaceholderPage } from "../../components/layout/placeholder-page";

export default function PurchaseSuccessPage() {
  return (
    <PlaceholderPage title="Your Purchase" description="The details of your new plan." icon={BadgeCheck} />
  );
}
