# Explore's image: the web instance (default command), the worker and the migration runner, all on plain Node.
# Every RUN and command is a script in deploy/, which runs the same outside a container (docs/operations.md).
#   docker build -t explore .
#   docker run explore                      a web instance on :3000 (deploy/web.sh)
#   docker run explore /app/deploy/worker.sh
#   docker run explore /app/deploy/migrate.sh

FROM node:24-bookworm-slim AS deps
WORKDIR /src
# Only what installing reads, so the layer is rebuilt when dependencies change and not on every edit.
COPY package.json package-lock.json prisma.config.ts ./
COPY patches ./patches
COPY prisma ./prisma
COPY deploy/install-deps.sh ./deploy/
RUN deploy/install-deps.sh

FROM deps AS build
COPY . .
# The build constructs the data layer while collecting pages, which wants a DATABASE_URL; it never connects. This
# stage's variables stay in this stage.
ENV NEXT_TELEMETRY_DISABLED=1 DATABASE_URL=postgresql://build@127.0.0.1:1/unused
RUN deploy/build-web.sh
RUN deploy/build-worker.sh

# Only the outputs: Next's standalone server with the node_modules it traced, the bundled worker and migration runner
# (with the schema, the migrations and the schema engine's wasm), and the scripts that start them. No npm install,
# no devDependencies, no TypeScript runtime, no embedded PostgreSQL.
FROM node:24-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 EXPLORE_WEB_DIR=/app EXPLORE_DIST_DIR=/app/dist HOSTNAME=0.0.0.0 PORT=3000
COPY --from=build /src/.next/standalone ./
# Next writes its caches (optimised images) under .next: the one folder the server may write.
COPY --from=build --chown=node:node /src/.next/standalone/.next ./.next
# /api/health/ready compares the database with the migrations this build ships.
COPY --from=build /src/prisma/migrations ./prisma/migrations
COPY --from=build /src/dist ./dist
COPY --from=build /src/deploy/web.sh /src/deploy/worker.sh /src/deploy/migrate.sh ./deploy/
USER node
EXPOSE 3000
CMD ["/app/deploy/web.sh"]
