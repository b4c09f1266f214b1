# One image for the SPA, the API and the background jobs (design §4). Build: docker build -t qabyldau .
# Stage 1: the client bundle.
FROM node:20-bookworm-slim AS client
WORKDIR /build
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY client ./client
# The questionnaire's field labels are shared with the server and bundled at build time.
COPY forms/labels ./forms/labels
RUN npm run build

# Stage 2: the Python runtime serving client/dist and /api through gunicorn.
FROM python:3.11-slim-bookworm AS runtime
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PORT=8000 INSTANCE_PATH=/app/instance
# Production: no sandbox adapter and no dev outbox. The container refuses to start until PAYMENT_PROVIDER,
# PKB_PROVIDER (a real provider with its settings, or `disabled`) and SMTP_URL are set (README "Security").
ENV APP_ENV=production DEV_OUTBOX_ENABLED=0
WORKDIR /app
COPY requirements.txt ./
RUN pip install --no-cache-dir -r requirements.txt
COPY server ./server
# Step definitions, labels and rule vectors shared with the client (server/forms/paths.py reads them at start).
COPY forms ./forms
COPY models_registry ./models_registry
COPY scripts ./scripts
COPY --from=client /build/client/dist ./client/dist
RUN useradd --create-home --uid 10001 qabyldau && mkdir -p /app/instance && chown qabyldau /app/instance
USER qabyldau
EXPOSE 8000
# Keep-alive (decision 0082): idle connections stay open longer than any client or load balancer pauses between
# requests (nginx's upstream keepalive_timeout is 60 s), so the server never closes one the other side is about to
# reuse; gunicorn's 2 s default made 1.6% of a paced load test fail with connection resets.
# Web role by default. Migrations and seeds are idempotent: run them on start, then serve.
# The same image runs the background jobs (README "Background jobs"; same environment, REDIS_URL required):
#   docker run ... IMAGE celery -A server.jobs.worker worker --concurrency 2
#   docker run ... IMAGE celery -A server.jobs.worker beat        (exactly one; keeps its state in /app/instance)
CMD ["sh", "-c", "flask --app server db upgrade && flask --app server seed && exec gunicorn --workers ${WORKERS:-4} --threads 4 --keep-alive ${KEEP_ALIVE_SECONDS:-75} --bind 0.0.0.0:${PORT} 'server:create_app()'"]
