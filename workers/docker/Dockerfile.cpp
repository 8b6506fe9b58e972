# jarvis-skill-worker for G++ / CMake (spec/001 v9 "Runtime-Worker Images").
# Build context: the repository root (workers/compose.yaml sets it).
# The worker is one bundled JavaScript file; Node is only its runtime, the toolchain
# below is the skills' runtime.

# 1) the worker bundle, built from source with the locked dependencies
FROM node:22-bookworm-slim AS bundle
WORKDIR /src
COPY package.json package-lock.json ./
RUN ELECTRON_SKIP_BINARY_DOWNLOAD=1 npm ci --ignore-scripts --no-audit --no-fund
COPY scripts/build.mjs scripts/ascii-regexps.mjs scripts/node-externals.mjs scripts/router-without-eval.mjs scripts/plugin-versions-at-build.mjs scripts/
COPY src-shared src-shared
COPY src-main/skills src-main/skills
COPY src-main/platform/validation src-main/platform/validation
COPY workers/src workers/src
RUN node scripts/build.mjs worker

# 2) the runtime image, with Node copied in for the worker
FROM gcc:14-bookworm
COPY --from=bundle /usr/local/bin/node /usr/local/bin/node
RUN apt-get update \
 && apt-get install -y --no-install-recommends cmake \
 && rm -rf /var/lib/apt/lists/*
LABEL com.jarvis.skill-runtime="cpp"
COPY --from=bundle /src/dist/worker/jarvis-skill-worker.mjs /opt/jarvis/jarvis-skill-worker.mjs
# A user without a login shell or home of value; the skills run as this user.
RUN useradd --system --uid 10001 --home-dir /tmp --shell /usr/sbin/nologin jarvis \
    && mkdir -p /var/lib/jarvis-worker && chown 10001:10001 /var/lib/jarvis-worker
# The worker's key folder belongs to that user: a named volume mounted there starts with
# this owner, so the key is kept and a restarted worker is the worker the household allowed.
USER 10001:10001
ENV JARVIS_WORKER_RUNTIME=cpp \
    JARVIS_SKILLS_DIR=/skills \
    JARVIS_WORKER_PORT=7070 \
    JARVIS_WORKER_DATA_DIR=/var/lib/jarvis-worker \
    NODE_ENV=production
EXPOSE 7070
ENTRYPOINT ["node", "/opt/jarvis/jarvis-skill-worker.mjs"]
