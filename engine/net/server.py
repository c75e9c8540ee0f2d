"""The LAN game server's command line (issue 7, docs/protocol.md):

    python -m engine.net.server --host 0.0.0.0 --port 7531 --data DIR [--grace 300] [--announce] [--workers N]

(also installed as ``manatable-server``). The server itself is engine/net/server_core.py;
with ``--workers N`` (N > 1, or worker databases already in DIR) a front process hands the
games to N worker processes (engine/net/workers.py). This module sits above both, so the
imports point one way: server -> workers -> server_core.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import logging
import signal
import sys
from pathlib import Path

from engine.net.datafolder import EXIT_DATA_FOLDER, DataFolderError
from engine.net.datafolder import check as check_data_folder
from engine.net.server_core import ANNOUNCE_PORT, DEFAULT_PORT, Server
from engine.net.workers import Front, WorkersFailed, shards_present


async def serve(args: argparse.Namespace) -> int:
    """Run the server until SIGTERM or SIGINT (0), or until every worker has failed (1)."""
    workers = max(args.workers, shards_present(Path(args.data)))
    if workers > 1:    # engine.net.workers: a front process and a worker process per core
        server: Server = Front(args.data, workers, grace=args.grace, rate=args.rate, rate_burst=int(args.rate * 2),
                               stats=args.stats, verbose=args.verbose)
    else:
        server = Server(args.data, grace=args.grace, rate=args.rate, rate_burst=int(args.rate * 2), stats=args.stats)
    try:
        port = await server.start(args.host, args.port)
    except BaseException:
        if isinstance(server, Front):
            await server.stop_workers()
        raise
    print(f"listening on {args.host}:{port}", flush=True)
    stop = server.stopped = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):   # not on this platform: Ctrl-C still ends it
            pass
    tasks = []
    if args.announce:
        tasks.append(asyncio.create_task(server.announce(args.announce_port)))
    await stop.wait()
    for t in tasks:
        t.cancel()
    await server.close()
    server.store.close()
    if isinstance(server, Front):
        await server.stop_workers()
    if args.stats:
        print("stats: " + json.dumps(server.stats_summary()), flush=True)
    if server.fatal is not None:
        print(f"manatable-server: {server.fatal}", file=sys.stderr, flush=True)
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="manatable-server", description="Host manatable games on the LAN.")
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=DEFAULT_PORT)
    ap.add_argument("--data", default="manatable-server-data", help="directory of the game database")
    ap.add_argument("--grace", type=float, default=300.0, help="seconds a dropped player keeps the seat")
    ap.add_argument("--rate", type=float, default=100.0, help="messages a second a connection may send")
    ap.add_argument("--workers", type=int, default=1,
                    help="worker processes that play the games (a front process accepts connections); "
                         "more than 1 uses several cores")
    ap.add_argument("--announce", action="store_true", help="broadcast open games by UDP on the LAN")
    ap.add_argument("--announce-port", type=int, default=ANNOUNCE_PORT)
    ap.add_argument("--stats", action="store_true",
                    help="on SIGTERM/SIGINT print 'stats: {json}' (time from an answer's arrival to its ack)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        check_data_folder(Path(args.data))
        return asyncio.run(serve(args))
    except KeyboardInterrupt:
        return 0
    except DataFolderError as e:
        print(f"manatable-server: {e}", file=sys.stderr, flush=True)
        return EXIT_DATA_FOLDER
    except WorkersFailed as e:
        print(f"manatable-server: {e}", file=sys.stderr, flush=True)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
