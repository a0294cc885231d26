import { PageTitle } from "@client/components/layout/page-title";
import { ClosingCtaSection } from "./closing-cta-section";
import { DeliverySection } from "./delivery-section";
import { DomainsSection } from "./domains-section";
import { FeaturesSection } from "./features-section";
import { HeroSection } from "./hero-section";
import { StatsBand } from "./stats-band";
import { TestimonialSection } from "./testimonial-section";

/** The signed-out home page (learner-core §1–2). */
export default function LandingPage() {
  return (
    <>
      <PageTitle>Expert vocabulary, delivered</PageTitle>
      <HeroSection />
      <StatsBand />
      <DomainsSection />
      <FeaturesSection />
      <DeliverySection />
      <TestimonialSection />
      <ClosingCtaSection />
    </>
  );
}
