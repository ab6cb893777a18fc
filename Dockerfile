# syntax=docker/dockerfile:1
# The svc image: one image for every role (`serve`, `gateway`, `worker`, `migrate`); the role is
# the command, e.g. `docker run svc:local gateway`. Built from the repository root:
#   docker build -t svc:local .
# Nothing secret is baked in: tokens, keys and DATABASE_URL come from the environment at run time.

ARG NODE_IMAGE=node:20-bookworm-slim

# --- build: TypeScript, the console bundle and the native SQLite binding.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# better-sqlite3 compiles from source when no prebuilt binary matches this platform.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY sdk/package.json sdk/
# --ignore-scripts: the root's `prepare` builds the whole tree, which is not copied yet; the one
# install script the product needs (the native binding) is run by the rebuild.
RUN npm ci --ignore-scripts --no-audit --no-fund \
 && npm rebuild better-sqlite3
COPY . .
# Then drop the dev dependencies; the compiled binding stays in node_modules.
RUN npm run build \
 && npm prune --omit=dev --ignore-scripts --no-audit --no-fund

# --- runtime: production dependencies, the compiled code, nothing else.
FROM ${NODE_IMAGE} AS runtime
# tini is PID 1: it forwards SIGTERM to node (which drains, then exits) and reaps the children a
# process may start (eval runs, stdio MCP servers).
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 svc \
 && useradd --system --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin svc
ENV NODE_ENV=production
WORKDIR /app
# Owned by root and read-only to the process: it never writes its own code or dependencies.
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/sdk/package.json ./sdk/package.json
COPY --from=build /app/sdk/dist ./sdk/dist
# The shipped eval scenarios are JSON the compiler does not copy; they are read from the tree.
COPY --from=build /app/evals/scenarios ./evals/scenarios
COPY --from=build /app/evals/blueprints ./evals/blueprints
# The streams Job of deploy/k8s/nats.yaml runs deploy/nats/ensure-streams.mjs from this image.
COPY --from=build /app/deploy/nats ./deploy/nats
# The only writable place; run with a read-only root filesystem (`--read-only`,
# readOnlyRootFilesystem) and a tmpfs or emptyDir here.
VOLUME ["/tmp"]
# Numeric, so Kubernetes' runAsNonRoot can verify it.
USER 10001:10001
# 8788: the HTTP API (`serve`, `gateway`); 8789: a worker's probes and metrics when
# SVC_WORKER_HEALTH_PORT=8789.
EXPOSE 8788 8789
# Liveness, not readiness: an outage of NATS or PostgreSQL must not get the container restarted
# (restarting brings neither back). A worker answers on SVC_WORKER_HEALTH_PORT, the API on
# SVC_ORCH_PORT; a worker without a health port has nothing to probe and reports unhealthy.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.SVC_WORKER_HEALTH_PORT||process.env.SVC_ORCH_PORT||8788)+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--", "node", "dist/cli/main.js"]
CMD ["serve"]
