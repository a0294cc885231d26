import { Users } from "lucide-react";
import { PlaceholderPage } from "../../components/layout/placeholder-page";

export default function AboutPage() {
  return (
    <PlaceholderPage
      title="About Jargon"
      description="Our mission, our team and what we believe in."
      icon={Users}
    />
  );
}
