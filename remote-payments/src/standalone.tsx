// `pnpm --filter remote-payments dev`: the Payments area alone, against the API on :3000.
import { startStandalone } from '@admin/shared/standalone';
import routes from './routes';

void startStandalone(routes);
