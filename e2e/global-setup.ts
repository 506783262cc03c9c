// Builds what is missing, publishes the remotes into a temporary release folder and starts the
// platforms the specs use, each with its own copy of one freshly seeded database: the main one on
// 3300 (baseURL), and one per spec that changes platform.json, each with its own copy of the
// release folder. They run in this process, not in test workers, so they are always stopped at
// the end.
import { PLATFORM_PORTS, platformEnvName, seededDataFolder, startPlatform, type Platform } from './support/platform';

export default async function globalSetup() {
  const started: Platform[] = [];
  const stopAll = () => Promise.all(started.map((platform) => platform.stop()));
  // One database migrated and seeded, copied for each platform (the main one's port is free until then).
  const seeded = await seededDataFolder(PLATFORM_PORTS.main);
  try {
    const main = await startPlatform(PLATFORM_PORTS.main, { copyDataFrom: seeded.dataDir });
    started.push(main);
    const others = Object.entries(PLATFORM_PORTS).filter(([name]) => name !== 'main');
    const results = await Promise.allSettled(
      others.map(([, port]) =>
        startPlatform(port, { copyReleasesFrom: main.releasesDir, copyDataFrom: seeded.dataDir }),
      ),
    );
    for (const result of results) if (result.status === 'fulfilled') started.push(result.value);
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) throw (failure as PromiseRejectedResult).reason;
  } catch (error) {
    await stopAll();
    throw error;
  } finally {
    seeded.remove();
  }
  for (const platform of started) {
    const name = Object.entries(PLATFORM_PORTS).find(([, port]) => port === platform.port)?.[0] ?? '';
    process.env[platformEnvName(name)] = JSON.stringify({ url: platform.url, releasesDir: platform.releasesDir });
  }
  return async () => {
    await stopAll();
  };
}
