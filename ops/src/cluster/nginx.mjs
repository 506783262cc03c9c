// nginx in front of the three instances: it serves the release files itself (immutable, from
// the release folder) and proxies the rest (the host's page, platform.json, /api) to the
// instances. Open-source nginx checks health passively: an instance that refuses or fails a
// request is left out for a while (max_fails), and an idempotent request goes to the next one.
// A rolling restart takes an instance out of the upstream first (a reload: nginx's old workers
// finish their requests), so no request is ever sent to an instance that is stopping.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { OpsError, REPO_ROOT } from '../layout.mjs';
import { under } from './settings.mjs';
import { answers, runningPid, stopPid, waitFor } from './system.mjs';

/** @typedef {import('./settings.mjs').Cluster} Cluster */

/** @param {Cluster} cluster */
const folder = (cluster) => under(cluster, 'nginx');
/** @param {Cluster} cluster */
const pidFile = (cluster) => under(cluster, 'nginx', 'nginx.pid');

/** The user nginx's workers run as when it is started as root: Debian's. */
const WORKER_USER = 'www-data';

/**
 * nginx.conf for the cluster, with the instances on `outPorts` left out of the upstream.
 * @param {Cluster} cluster
 * @param {number[]} outPorts
 */
function config(cluster, outPorts) {
  const dir = folder(cluster);
  const hostDist = path.join(REPO_ROOT, 'host/dist');
  const servers = cluster.apiPorts.map(
    (port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s${outPorts.includes(port) ? ' down' : ''};`,
  );
  return `# Written by pnpm cluster (ops/src/cluster/nginx.mjs); rewritten at each change of the upstream.
${process.getuid?.() === 0 ? `user ${WORKER_USER};` : ''}
worker_processes 1;
pid ${pidFile(cluster)};
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  sendfile on;
  gzip_static on;
  upstream admin_api {
${servers.join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${cluster.nginxPort};
    client_max_body_size 64k;

    # A release folder never changes under its name: served here, cached for a year.
    location ~ ^/remotes/(masters|sales|payments)/[^/]+/.+$ {
      root ${cluster.releasesDir}/..;
      rewrite ^/remotes/(.*)$ /${path.basename(cluster.releasesDir)}/$1 break;
      add_header Access-Control-Allow-Origin *;
      add_header Cache-Control "public, max-age=31536000, immutable";
    }
    # The host's hashed chunks likewise; index.html and platform.json come from the API.
    location /static/ {
      root ${hostDist};
      add_header Cache-Control "public, max-age=31536000, immutable";
    }
    location = /api/metrics { deny all; }
    location / {
      proxy_pass http://admin_api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      # A refused or failed connection tries the next instance (writes only when nothing was sent).
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 2s;
    }
  }
}
`;
}

/**
 * @param {Cluster} cluster
 * @param {number[]} outPorts
 */
function writeConfig(cluster, outPorts) {
  const dir = folder(cluster);
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    fs.mkdirSync(`${dir}/tmp/${temp}`, { recursive: true });
  if (process.getuid?.() === 0) spawnSync('chown', ['-R', `${WORKER_USER}:`, `${dir}/tmp`]);
  fs.writeFileSync(`${dir}/nginx.conf`, config(cluster, outPorts));
  const test = spawnSync('/usr/sbin/nginx', ['-t', '-q', '-p', dir, '-c', `${dir}/nginx.conf`], { encoding: 'utf8' });
  if (test.status !== 0) throw new OpsError(`nginx refused its configuration:\n${test.stderr}`);
}

/** @param {Cluster} cluster */
export async function startNginx(cluster) {
  const dir = folder(cluster);
  writeConfig(cluster, []);
  if (!runningPid(pidFile(cluster))) {
    const result = spawnSync('/usr/sbin/nginx', ['-p', dir, '-c', `${dir}/nginx.conf`], { encoding: 'utf8' });
    if (result.status !== 0) throw new OpsError(`nginx did not start:\n${result.stderr}`);
  }
  await waitFor(
    () => answers(`http://127.0.0.1:${cluster.nginxPort}/api/health`),
    `nginx on port ${cluster.nginxPort}`,
  );
}

/**
 * Takes the instances on `outPorts` out of the upstream (none: all in) and reloads; resolves
 * once the workers of the previous configuration have finished their requests and exited.
 * @param {Cluster} cluster
 * @param {number[]} outPorts
 */
export async function setUpstream(cluster, outPorts) {
  writeConfig(cluster, outPorts);
  const pid = runningPid(pidFile(cluster));
  if (!pid) throw new OpsError('nginx is not running: pnpm cluster up');
  const workersBefore = workersOf(pid);
  process.kill(pid, 'SIGHUP');
  await waitFor(
    async () => !workersBefore.some((worker) => workersOf(pid).includes(worker)),
    'nginx to reload',
    30_000,
  );
}

/**
 * The worker processes of nginx's master `pid`.
 * @param {number} pid
 */
function workersOf(pid) {
  const result = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' });
  return result.stdout.split('\n').filter(Boolean);
}

/** @param {Cluster} cluster */
export const stopNginx = (cluster) => stopPid(pidFile(cluster), 'SIGQUIT');

/** @param {Cluster} cluster */
export const nginxRunning = (cluster) => runningPid(pidFile(cluster)) !== undefined;
