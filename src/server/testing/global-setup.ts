import { preparePgliteTemplate } from "./pglite-template";

export default async function setup(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) await preparePgliteTemplate();
}
