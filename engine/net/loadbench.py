"""Load benchmark (issue 7): one server, many concurrent random-bot games over loopback.

    python -m engine.net.loadbench --games 50 [--procs 4]

Starts a server subprocess, plays ``--games`` games at once (two RemoteSessions per game,
spread over ``--procs`` client processes), and reports games per minute, the server's CPU
time and peak memory, and the latency from sending an answer to the client holding the
resulting update (measured as the answer's round trip: the server sends the update before
the ack), median and 99th percentile.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _client_proc(port: int, games: int, seed: int, out: "mp.Queue") -> None:
    from engine.ai.random_bot import RandomBot
    from engine.bench import GREEN, RED
    from engine.net.bot import play
    from engine.net.client import RemoteSession

    lat: list[float] = []
    lock = threading.Lock()

    class Timed(RemoteSession):
        def submit(self, seat, answer):  # noqa: ANN001
            t = time.perf_counter()
            try:
                super().submit(seat, answer)
            finally:
                with lock:
                    lat.append(time.perf_counter() - t)

    results: list[str] = []

    def one(i: int) -> None:
        a = Timed("127.0.0.1", port, timeout=60)
        code = a.create("host", RED)
        b = Timed("127.0.0.1", port, timeout=60)
        b.join(code, "guest", GREEN)
        r = {}
        tb = threading.Thread(target=lambda: r.setdefault("b", play(b, RandomBot(seed + 2 * i + 1))))
        tb.start()
        r["a"] = play(a, RandomBot(seed + 2 * i))
        tb.join()
        results.append(r["a"])
        a.close()
        b.close()

    threads = [threading.Thread(target=one, args=(i,)) for i in range(games)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    out.put({"lat": lat, "results": results})


def _proc_stats(pid: int) -> tuple[float, float]:
    """CPU seconds (user+sys) and peak RSS in MiB of a Linux process."""
    with open(f"/proc/{pid}/stat") as f:
        parts = f.read().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    cpu = (int(parts[11]) + int(parts[12])) / tick
    peak = 0.0
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                peak = int(line.split()[1]) / 1024
    return cpu, peak


def run(games: int, procs: int, seed: int = 1) -> dict:
    data = tempfile.mkdtemp(prefix="manatable-load-")
    srv = subprocess.Popen([sys.executable, "-m", "engine.net.server", "--host", "127.0.0.1", "--port", "0",
                            "--data", data, "--rate", "100000"], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        port = int(srv.stdout.readline().strip().rsplit(":", 1)[1])
        cpu0, _ = _proc_stats(srv.pid)
        q: mp.Queue = mp.Queue()
        per = [games // procs + (1 if i < games % procs else 0) for i in range(procs)]
        t0 = time.perf_counter()
        ps = [mp.Process(target=_client_proc, args=(port, n, seed + 1000 * i, q)) for i, n in enumerate(per) if n]
        for p in ps:
            p.start()
        outs = [q.get() for _ in ps]
        wall = time.perf_counter() - t0
        for p in ps:
            p.join()
        cpu1, peak = _proc_stats(srv.pid)
    finally:
        srv.kill()
        srv.wait()
    lat = sorted(x for o in outs for x in o["lat"])
    results = [r for o in outs for r in o["results"]]
    return {
        "games": games, "finished": sum(r.startswith("result: ") and "aborted" not in r for r in results),
        "seconds": round(wall, 2), "games_per_minute": round(len(results) / wall * 60, 1),
        "answers": len(lat), "server_cpu_seconds": round(cpu1 - cpu0, 2),
        "server_cpu_percent": round((cpu1 - cpu0) / wall * 100, 1), "server_peak_rss_mb": round(peak, 1),
        "latency_ms_median": round(lat[len(lat) // 2] * 1000, 2) if lat else None,
        "latency_ms_p99": round(lat[int(len(lat) * 0.99)] * 1000, 2) if lat else None,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.net.loadbench")
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--procs", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    print(json.dumps(run(a.games, a.procs, a.seed), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
