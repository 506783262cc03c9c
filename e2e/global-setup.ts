// Builds what is missing, publishes the remotes into a temporary release folder and starts the
// platform on port 3300 with a fresh database. Specs that change platform.json start their own
// platform from a copy of this release folder (E2E_RELEASES_DIR).
import { startPlatform } from './support/platform';

export const MAIN_PORT = 3300;

export default async function globalSetup() {
  const platform = await startPlatform(MAIN_PORT);
  process.env.E2E_RELEASES_DIR = platform.releasesDir;
  return async () => {
    await platform.stop();
  };
}
