/* The marketing feature's public pieces: the landing page shares its calls to action and section headings. */
export { LoginButton } from "./login-button";
export { SectionHeading } from "./components/section-heading";
