# syntax=docker/dockerfile:1
# One image for the API, the worker and the migrations (docker-compose.yml picks the command).
# Node 24 LTS: the same major the test suite runs on (the `node` dev dependency pins it for local npm scripts).
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# No install scripts: the image already has Node 24 (the `node` dev dependency would download another), and the
# embedded PostgreSQL of `npm start` is never used in a container (DATABASE_URL is always given).
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json nest-cli.json ./
COPY scripts ./scripts
COPY libs ./libs
COPY src ./src
RUN node scripts/build.js
# Runtime dependencies only; the optional ones are the embedded PostgreSQL binaries and native accelerators that
# have a JavaScript fallback.
RUN npm prune --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund
# The certificate of completion draws with the Regular weight of each font package, and Noto Sans Bold
# (src/attestation-evidence/infrastructure/certificate-fonts.ts): the other weights are about 100 MB.
RUN find node_modules/@embedpdf -path '*/fonts/*' -type f ! -name '*-Regular.*' ! -name 'NotoSans-Bold.ttf' -delete

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000
WORKDIR /app
# Owned by root and only readable by the app's user: the process cannot rewrite its own code.
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The one directory the app writes: the seal key it generates when SEAL_P12_PATH is unset (a volume in compose).
ENV DATA_DIR=/app/data
RUN mkdir /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node directly, not npm: it receives SIGTERM itself and shuts down gracefully. The heap flags are those of
# `npm run start:prod` (README, Memory): a young generation of 16 MB semi-spaces and a heap grown by half of what
# it keeps, not V8's defaults for a machine of this size (64 MB semi-spaces and a heap grown up to 4 times).
CMD ["node", "--max-semi-space-size=16", "--heap-growing-percent=50", "dist/src/main.js"]
