import { Shield } from "lucide-react";
import { PlaceholderPage } from "../../components/layout/placeholder-page";

export default function AdminPage() {
  return (
    <PlaceholderPage
      title="Admin Dashboard"
      description="Topics, words, users and payment settings."
      icon={Shield}
    />
  );
}
