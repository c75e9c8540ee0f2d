"""Load benchmark (issue 7): one server, many concurrent random-bot games over loopback.

    python -m engine.net.loadbench --games 50 [--procs 2] [--think 0] [--client async|session] [--workers N]

Starts a server subprocess (with ``--stats``, and ``--workers N``: a front and N worker
processes, whose CPU and memory are counted with the front's), plays ``--games`` games at once spread
over ``--procs`` client processes, and reports games per minute, the CPU and peak memory
of the server and the CPU of the clients, and two latencies:

* ``latency_ms_*``: from the moment an answer is written to the socket to the moment the
  next decision of that game (whoever's it is) is decoded by the client that must make
  it. The bot's thinking is outside this interval.
* ``server_ms_*``: inside the server, from the answer's frame arriving to its ack being
  handed to the kernel (apply, redact, encode, commit, send).
* ``ping_ms_*`` (async clients): the round trip of a ``ping`` sent every 50 ms on a
  connection of its own from the first client process: what the machine and the event
  loops alone cost a message, with no game work.

``--client async`` (default) plays every game of a process on one asyncio loop, so a
received message is timed when it is read, not when a thread gets the GIL back.
``--client session`` uses ``RemoteSession`` (two threads per connection, as the app does)
and times ``submit`` from call to return. ``--think MS`` makes each bot wait 0.5..1.5 x MS
before answering (not counted), like players who read the table; with 0 the bots answer
at once and the benchmark measures the machine at saturation, where by Little's law the
latency is the number of games waiting over the answers served per second.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import os
import resource
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from engine.ai.random_bot import RandomBot
from engine.bench import GREEN, RED
from engine.net import protocol as P
from engine.net.bot import play
from engine.net.client import RemoteSession
from engine.state import Decision

ROOT = Path(__file__).resolve().parents[2]


def _cpu_self() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


# ---------------------------------------------------------------- asyncio clients
async def _async_games(port: int, games: int, seed: int, think: float, probe: bool = False) -> dict[str, Any]:

    lat: list[float] = []
    results: list[str] = []

    async def read(r: asyncio.StreamReader) -> dict[str, Any]:
        n = P.frame_length(await r.readexactly(4))
        return P.decode(await r.readexactly(n))

    class Seat(asyncio.Protocol):
        """One bot's connection: frames decoded as they arrive (no task per message), answers
        written at once (or after the think time)."""

        def __init__(self, host: bool, game: dict[str, Any], bot: RandomBot, done: asyncio.Future) -> None:
            self.host, self.game, self.bot, self.done = host, game, bot, done
            self.buf = bytearray()
            self.rid = 2
            self.fallback: Any = None
            self.t: asyncio.Transport | None = None

        def connection_made(self, t: asyncio.BaseTransport) -> None:
            assert isinstance(t, asyncio.Transport)
            self.t = t
            t.write(P.encode(P.msg("hello", client="loadbench", id=0)))
            if self.host:
                t.write(P.encode(P.msg("create", name="host", deck=RED, format="free", id=1)))
            else:
                t.write(P.encode(P.msg("join", code=self.game["code"].result(), name="guest", deck=GREEN, id=1)))

        def data_received(self, data: bytes) -> None:
            buf = self.buf
            buf += data
            while len(buf) >= 4 and not self.done.done():
                n = P.frame_length(bytes(buf[:4]))
                if len(buf) < 4 + n:
                    return
                m = P.decode(bytes(buf[4:4 + n]))
                del buf[:4 + n]
                self.handle(m)

        def connection_lost(self, exc: Exception | None) -> None:
            if not self.done.done():
                self.done.set_result("result: aborted (connection lost)")

        def send(self, answer: Any, no: int | None) -> None:
            if self.done.done() or self.t is None or self.t.is_closing():
                return
            self.game["sent"] = (no if no is not None else (self.game["sent"] or (0, 0))[0], time.perf_counter())
            m = P.msg("answer", answer=answer, id=self.rid) if no is None else \
                P.msg("answer", answer=answer, decision=no, id=self.rid)
            self.t.write(P.encode(m))
            self.rid += 1

        def handle(self, m: dict[str, Any]) -> None:
            t = m["type"]
            game = self.game
            if t == "seated" and self.host:
                game["code"].set_result(m["code"])
            elif t == "update":
                d = m["decision"]
                if d is None:
                    return
                sent = game.get("sent")
                if sent is not None and m["decision_no"] == sent[0] + 1:
                    lat.append(time.perf_counter() - sent[1])
                    game["sent"] = None
                dec = Decision(**d)
                ans = self.bot.answer(dec)
                self.fallback = dec.forced if dec.forced is not None else {"action": "pass"}
                if think:
                    asyncio.get_running_loop().call_later(think * (0.5 + self.bot.rng.random()), self.send, ans,
                                                          m["decision_no"])
                else:
                    self.send(ans, m["decision_no"])
            elif t == "error":
                if m.get("code") == "illegal" and self.fallback is not None:
                    fb, self.fallback = self.fallback, None
                    self.send(fb, None)
                elif m.get("code") not in ("illegal", "stale", "not_your_decision"):
                    self.done.set_result(f"result: aborted (server error: {m})")
            elif t == "game_over":
                self.done.set_result(f"result: {m['winner']} wins" if m["winner"] != "draw" else "result: draw")

    async def seat(host: bool, game: dict[str, Any], bot: RandomBot) -> str:
        loop = asyncio.get_running_loop()
        if not host:
            await game["code"]
        done: asyncio.Future = loop.create_future()
        t, _ = await loop.create_connection(lambda: Seat(host, game, bot, done), "127.0.0.1", port)
        try:
            return await done
        finally:
            t.close()

    async def one(i: int) -> None:
        loop = asyncio.get_running_loop()
        game: dict[str, Any] = {"code": loop.create_future(), "sent": None}
        r, _ = await asyncio.gather(seat(True, game, RandomBot(seed + 2 * i)),
                                    seat(False, game, RandomBot(seed + 2 * i + 1)))
        results.append(r)

    pings: list[float] = []
    done = asyncio.Event()

    async def pinger() -> None:
        """A ping every 50 ms on a connection of its own: the round trip of a message that costs
        the server nothing, through the same loop and the same machine as the games."""
        r, w = await asyncio.open_connection("127.0.0.1", port)
        w.write(P.encode(P.msg("hello", client="loadbench-ping", id=0)))
        await read(r)
        n = 1
        while not done.is_set():
            t0 = time.perf_counter()
            w.write(P.encode(P.msg("ping", id=n)))
            while (await read(r)).get("ref") != n:
                pass
            pings.append(time.perf_counter() - t0)
            n += 1
            try:
                await asyncio.wait_for(done.wait(), 0.05)
            except asyncio.TimeoutError:
                pass
        w.close()

    async def all_games() -> None:
        await asyncio.gather(*(one(i) for i in range(games)))
        done.set()

    await asyncio.gather(all_games(), *([pinger()] if probe else []))
    return {"lat": lat, "results": results, "pings": pings}


def _client_proc_async(port: int, games: int, seed: int, think: float, out: "mp.Queue", probe: bool = False) -> None:
    t0, c0 = time.time(), _cpu_self()
    try:
        r = asyncio.run(_async_games(port, games, seed, think, probe))
    except Exception as e:  # noqa: BLE001 - reported to the parent
        r = {"lat": [], "results": [f"result: aborted ({e!r})"] * games}
    r.update(cpu=_cpu_self() - c0, t0=t0, t1=time.time())
    out.put(r)


# ---------------------------------------------------------------- RemoteSession clients (threads)
def _client_proc_session(port: int, games: int, seed: int, think: float, out: "mp.Queue") -> None:

    t0, c0 = time.time(), _cpu_self()
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
        code = a.create("host", RED, format="free")
        b = Timed("127.0.0.1", port, timeout=60)
        b.join(code, "guest", GREEN)
        r: dict[str, Any] = {}
        tb = threading.Thread(target=lambda: r.setdefault("b", play(b, RandomBot(seed + 2 * i + 1), delay=think)))
        tb.start()
        r["a"] = play(a, RandomBot(seed + 2 * i), delay=think)
        tb.join()
        results.append(r["a"])
        a.close()
        b.close()

    threads = [threading.Thread(target=one, args=(i,)) for i in range(games)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    out.put({"lat": lat, "results": results, "cpu": _cpu_self() - c0, "t0": t0, "t1": time.time()})


# ---------------------------------------------------------------- the run
def _tree_stats(pid: int) -> tuple[float, float]:
    """CPU seconds and peak RSS in MiB of a Linux process and its child processes (the workers
    of ``--workers``), summed."""
    cpu, peak = _proc_stats(pid)
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            kids = [int(x) for x in f.read().split()]
    except OSError:
        kids = []
    for k in kids:
        try:
            c, p = _proc_stats(k)
        except OSError:       # gone meanwhile
            continue
        cpu += c
        peak += p
    return cpu, peak


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


def _pct(xs: list[float], q: float) -> float | None:
    return round(xs[min(len(xs) - 1, int(len(xs) * q))] * 1000, 2) if xs else None


def run(games: int, procs: int, seed: int = 1, think_ms: float = 0.0, client: str = "async",
        workers: int = 1) -> dict[str, Any]:
    data = tempfile.mkdtemp(prefix="manatable-load-")
    srv = subprocess.Popen([sys.executable, "-m", "engine.net.server", "--host", "127.0.0.1", "--port", "0",
                            "--data", data, "--rate", "100000", "--stats", "--workers", str(workers)], cwd=ROOT,
                           stdout=subprocess.PIPE, text=True)
    target = _client_proc_async if client == "async" else _client_proc_session
    think = think_ms / 1000
    stats: dict[str, Any] = {}
    assert srv.stdout is not None
    try:
        port = int(srv.stdout.readline().strip().rsplit(":", 1)[1])
        cpu0, _ = _tree_stats(srv.pid)
        q: mp.Queue = mp.Queue()
        per = [games // procs + (1 if i < games % procs else 0) for i in range(procs)]
        ps = [
            mp.Process(
                target=target,
                args=(port, n, seed + 1000 * i, think, q) + ((True,) if client == "async" and i == 0 else ()),
            )
            for i, n in enumerate(per)
            if n
        ]
        for p in ps:
            p.start()
        outs = [q.get() for _ in ps]
        for p in ps:
            p.join()
        cpu1, peak = _tree_stats(srv.pid)
        wall = max(o["t1"] for o in outs) - min(o["t0"] for o in outs)   # play, not process start-up
        srv.send_signal(signal.SIGTERM)
        for line in srv.stdout:
            if line.startswith("stats: "):
                stats = json.loads(line[7:])
        srv.wait(10)
    finally:
        if srv.poll() is None:
            srv.kill()
            srv.wait()
    lat = sorted(x for o in outs for x in o["lat"])
    pings = sorted(x for o in outs for x in o.get("pings", []))
    results = [r for o in outs for r in o["results"]]
    return {
        "games": games, "workers": workers, "client": client, "procs": len(ps), "think_ms": think_ms,
        "finished": sum(r.startswith("result: ") and "aborted" not in r for r in results),
        "seconds": round(wall, 2), "games_per_minute": round(len(results) / wall * 60, 1),
        "answers": stats.get("answers"), "answers_per_second": round((stats.get("answers") or 0) / wall, 1),
        "server_cpu_seconds": round(cpu1 - cpu0, 2),
        "server_cpu_percent": round((cpu1 - cpu0) / wall * 100, 1), "server_peak_rss_mb": round(peak, 1),
        "clients_cpu_percent": round(sum(o["cpu"] for o in outs) / wall * 100, 1),
        "latency_ms_median": _pct(lat, 0.5), "latency_ms_p99": _pct(lat, 0.99),
        "server_ms_median": stats.get("server_ms_median"), "server_ms_p99": stats.get("server_ms_p99"),
        "commit_ms_median": stats.get("commit_ms_median"), "commit_ms_p99": stats.get("commit_ms_p99"),
        "commit_ms_max": stats.get("commit_ms_max"),
        "ping_ms_median": _pct(pings, 0.5), "ping_ms_p99": _pct(pings, 0.99),
        "load_average_1min": round(os.getloadavg()[0], 2),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.net.loadbench",
                                 description="Concurrent bot games against one server on loopback.")
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--procs", type=int, default=2, help="client processes")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--think", type=float, default=0.0, help="ms a bot waits before each answer (x 0.5..1.5)")
    ap.add_argument("--client", choices=("async", "session"), default="async")
    ap.add_argument("--workers", type=int, default=1, help="server worker processes (engine.net.workers)")
    a = ap.parse_args(argv)
    print(json.dumps(run(a.games, a.procs, a.seed, a.think, a.client, a.workers), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
