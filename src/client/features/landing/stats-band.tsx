const STATS = [
  { value: "10k+", label: "Domain experts learning" },
  { value: "4.9", label: "Average rating" },
  { value: "15+", label: "Specializations" },
  { value: "3", label: "Ways to learn: email, app & mobile" },
];

export function StatsBand() {
  return (
    <section aria-label="Jargon in numbers" className="border-y border-border bg-surface">
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-8 px-4 py-10 sm:px-6 lg:grid-cols-4 lg:px-8">
        {STATS.map(({ value, label }) => (
          <div key={label} className="flex flex-col text-center">
            <dt className="order-2 mt-1 text-sm text-muted-foreground">{label}</dt>
            <dd className="order-1 text-3xl font-extrabold tracking-tight sm:text-4xl">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
