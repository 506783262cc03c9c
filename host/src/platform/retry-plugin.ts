// MF runtime plugin (no React here: it runs before the app). A transient failure to fetch a
// remote's manifest or script is retried before the area reports itself unavailable.
import { RetryPlugin } from '@module-federation/retry-plugin';

export default function retryPlugin() {
  return RetryPlugin({
    fetch: { retryTimes: 2 },
    script: { retryTimes: 2, retryDelay: 500 },
  });
}
