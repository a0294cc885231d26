import { LoginButton } from "../marketing";

export function ClosingCtaSection() {
  return (
    <section
      aria-labelledby="closing-title"
      className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8"
    >
      <div className="relative isolate overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-600 to-violet-700 px-6 py-14 text-center text-white shadow-xl sm:px-12 sm:py-20">
        <div
          aria-hidden
          className="absolute inset-0 -z-10 bg-[radial-gradient(30rem_16rem_at_85%_0%,rgb(255_255_255/0.18),transparent)]"
        />
        <h2 id="closing-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          Ready to master the language of your field?
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-indigo-50">
          Join 10k+ domain experts who learn a few professional terms every day.
        </p>
        <div className="mt-8 flex flex-col items-center gap-3">
          <LoginButton
            size="lg"
            arrow
            className="bg-white text-indigo-700 hover:bg-indigo-50 focus-visible:outline-white"
          >
            Start Your Transformation
          </LoginButton>
          <p className="text-sm text-indigo-50">No credit card required</p>
        </div>
      </div>
    </section>
  );
}
