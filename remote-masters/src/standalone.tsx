// `pnpm --filter remote-masters dev`: the Masters area alone, against the API on :3000.
import { startStandalone } from '@admin/shared/standalone';
import routes from './routes';

void startStandalone(routes);
