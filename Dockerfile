# The rules site, built from the bundled documents and served read-only:
#   docker build -t rulebook . && docker run -p 8001:8001 rulebook
# WORKERS sets the worker processes (one per CPU core the container gets); PORT the port.
FROM python:3.11-slim
COPY . /src
RUN pip install --no-cache-dir /src
WORKDIR /srv
RUN rulebook build --db /srv/rulebook.db
ENV PORT=8001 WORKERS=1
EXPOSE 8001
CMD rulebook serve --db /srv/rulebook.db --host 0.0.0.0 --port $PORT --workers $WORKERS
