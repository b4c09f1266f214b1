"""Starts the production topology from processes and keeps it running until Ctrl-C (issue 25; README "Running in
production"):

    .venv/bin/python scripts/topology/run.py [--port 8080] [--app-servers 2] [--storage s3|file]

Prints the balancer's address, each app server's, the database and the log folder. Mail goes to SMTP_URL (set it,
e.g. to a local `python -m aiosmtpd -n -l 127.0.0.1:8025`), since the worker sends it.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from topology import Topology  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8080, help="the load balancer's port")
    parser.add_argument("--app-servers", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers per app server")
    parser.add_argument("--storage", choices=("auto", "s3", "file"), default="auto")
    parser.add_argument("--keep-database", action="store_true", help="leave the database after Ctrl-C")
    args = parser.parse_args()
    smtp_url = os.environ.get("SMTP_URL") or sys.exit("set SMTP_URL: the Celery worker delivers the mail")
    topology = Topology(
        smtp_url=smtp_url,
        app_servers=args.app_servers,
        workers_per_server=args.workers,
        storage=args.storage,
        lb_port=args.port,
        keep_database=args.keep_database,
    )
    topology.start()
    print(f"load balancer  {topology.url}")
    for index in range(args.app_servers):
        print(f"app server {index}   {topology.app_url(index)}")
    print(f"database       {topology.direct_database_url} (through PgBouncer: {topology.database_url})")
    print(f"storage        {topology.storage_url}")
    print(f"logs           {topology.dir}")
    try:
        signal.pause()
    except KeyboardInterrupt:
        pass
    finally:
        topology.stop()


if __name__ == "__main__":
    main()
