"""The controller: one QObject that adapts a Session into Qt signals (DESIGN: The app).

The table never touches a Game: it reads ``view(seat)`` and ``decision`` from here and
answers through ``submit``. After every answer the controller runs the automatic parts
a player expects from Arena or Forge: a priority stop where passing (or tapping for
mana) is all one could do is passed for them, and a decision with one legal answer
(``Decision.forced``) is answered. In hotseat, when the deciding player changes, it says
so (``handover``) so the window can hide the table until the next player is there.
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal

from app.table.log import describe_all
from app.table.seats import team_turn
from engine.errors import EngineFault, IllegalAction

# Steps where a player with something to do gets priority with an empty stack (Forge and
# Arena have such stops; the rest of the time priority is passed for them). With a spell
# of the opponent on the stack, a player who can respond always stops.
STOPS_ACTIVE = frozenset({"main1", "main2", "declare_blockers"})
SHOWING = ("reveal", "look")      # events that show hidden cards to their audience
STOPS_OTHER = frozenset({"declare_attackers", "declare_blockers", "end"})


def only_pass_or_mana(options: list[dict[str, Any]]) -> bool:
    return all(o.get("action") == "pass" or (o.get("action") == "activate" and o.get("mana"))
               for o in options)


class TableController(QObject):
    """Session -> signals. ``humans`` are the seats played at this computer."""

    changed = Signal()               # the view changed: redraw everything
    handover = Signal(str)           # another human must take the seat (hotseat); ``changed`` follows
    illegal = Signal(str)            # an answer was refused; the message says why
    fault = Signal(str)              # the engine failed on an answer (not the player's fault); the game was put back
    logged = Signal(list)            # new lines for the game log
    game_over = Signal(object)       # the winner's name, or None for a draw
    stops_changed = Signal(str)      # a seat's stops changed (the seat)

    def __init__(self, session: Any, humans: list[str], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.humans = list(humans)
        # the seat the table is shown for; with no humans (a spectator) the first player's side
        self.seat = self.humans[0] if self.humans else session.seats()[0]
        self.auto_pass = True
        # each player's own stops (hotseat: two people, two sets): seat -> (my turn, their turn)
        self.stops: dict[str, tuple[set[str], set[str]]] = {
            s: (set(STOPS_ACTIVE), set(STOPS_OTHER)) for s in self.humans}
        self.pass_until: dict[str, int] = {}  # seat -> turn number: pass until end of that turn
        self._since = 0
        self._names: dict[int, str] = {}
        self.finished = False
        self.log_lines: list[str] = []
        # cards a reveal or look showed, not yet put up on screen: (the seat it was shown
        # to, None for a reveal to every player; the event as that seat may see it)
        self.shown: list[tuple[str | None, dict[str, Any]]] = []
        self._views: dict[str, dict[str, Any]] | None = None  # views built during one advance()
        if hasattr(session, "listeners"):
            session.listeners.append(self._on_session)

    # -- reading ------------------------------------------------------------
    @property
    def stops_active(self) -> set[str]:
        """The shown seat's stops in their own turn."""
        return self._stops_of(self.seat)[0]

    @property
    def stops_other(self) -> set[str]:
        """The shown seat's stops in the opponent's turn."""
        return self._stops_of(self.seat)[1]

    def _stops_of(self, seat: str) -> tuple[set[str], set[str]]:
        if seat not in self.stops:
            self.stops[seat] = (set(STOPS_ACTIVE), set(STOPS_OTHER))
        return self.stops[seat]

    def toggle_stop(self, step: str, whose: str, seat: str | None = None) -> None:
        """Stop (or no longer stop) at ``step`` in the seat's own turn (``whose`` is
        "mine") or in the opponent's ("theirs")."""
        if whose not in ("mine", "theirs"):
            raise ValueError(f"whose must be 'mine' or 'theirs', not {whose!r}")
        seat = seat or self.seat
        mine, theirs = self._stops_of(seat)
        stops = mine if whose == "mine" else theirs
        if step in stops:
            stops.discard(step)
        else:
            stops.add(step)
        self.stops_changed.emit(seat)

    def seats(self) -> list[str]:
        return list(self.session.seats())

    def opponent(self, seat: str | None = None) -> str:
        seat = seat or self.seat
        return next(s for s in self.seats() if s != seat)

    def view(self) -> dict[str, Any]:
        """The game as the shown seat sees it. While ``advance`` tells the table about a
        change, the view is built once and shared (the log, the scene, the game-over check)."""
        if self._views is not None:
            v = self._views.get(self.seat)
            if v is None:
                v = self._views[self.seat] = self.session.view(self.seat)
            return v
        return self.session.view(self.seat)

    def waiting(self) -> tuple[str, Any] | None:
        """Who the game waits for, and the decision (None for a seat we cannot see)."""
        for s in self.seats():
            d = self.session.pending(s)
            if d is not None:
                return s, d
        return None

    @property
    def decision(self) -> Any:
        """The pending decision of the seat shown, or None (always None for a spectator)."""
        return self.session.pending(self.seat) if self.seat in self.humans else None

    def hotseat(self) -> bool:
        return len(self.humans) > 1

    # -- answering ----------------------------------------------------------
    def submit(self, answer: Any) -> bool:
        """Answer for the shown seat. On IllegalAction emit ``illegal`` and return False;
        a spectator (the seat shown is no human's here) answers nothing."""
        if self.seat not in self.humans:
            self.illegal.emit("you are watching this game: a spectator does not play")
            return False
        try:
            self.session.submit(self.seat, answer)
        except IllegalAction as e:
            self.illegal.emit(str(e) or "that is not allowed now")
            return False
        except EngineFault as e:
            self._fault(e)
            return False
        if isinstance(answer, dict) and answer.get("action") not in (None, "pass"):
            self.pass_until.pop(self.seat, None)   # a player who acts has taken the turn back in hand
        self.advance()
        return True

    def _fault(self, e: EngineFault) -> None:
        """The game is back as it was before the answer: say so (``fault``), and play on."""
        where = f" A bug report was saved to {e.report}." if e.report else ""
        if e.answer == "__concede__":
            self.fault.emit(f"The engine failed on that concession ({e}); the game was put back as it was."
                            f"{where} Concede again, or play on.")
            return
        self.fault.emit(f"The engine failed on that answer ({e}); the game was put back as it was."
                        f"{where} Answer otherwise, or play that card by hand.")

    def pass_turn(self) -> None:
        """Pass priority until the end of this turn (stops again for combat decisions)."""
        self.pass_until[self.seat] = self.session.view(self.seat)["turn"]
        d = self.decision
        if d is not None and d.kind == "priority":
            self.submit({"action": "pass"})

    def undo_mana(self, card: int | None = None) -> bool:
        """Untap a permanent the shown seat just tapped for mana, while the mana is unspent
        and nothing else happened (LocalSession.undo_mana); False when that is not so."""
        undo = getattr(self.session, "undo_mana", None)
        if undo is None or self.seat not in self.humans or not undo(self.seat, card):
            return False
        self._since = min(self._since, len(self.session.events(self.seat)))
        self.advance()
        return True

    def concede(self, seat: str | None = None) -> None:
        """``seat`` (a player at this computer; the shown one by default) leaves the game (104.3a)."""
        seat = seat or self.seat
        if seat not in self.humans:
            raise ValueError(f"{seat} is not played at this computer")
        if hasattr(self.session, "concede"):
            try:
                self.session.concede(seat)
            except EngineFault as e:  # the game is back as it was: the seat is still in it
                self._fault(e)
                return
            self.advance()

    def start(self) -> None:
        self.advance()

    def advance(self) -> None:
        """Run the automatic answers, then tell the table what to show."""
        for _ in range(10000):
            w = self.waiting()
            if w is None:
                break
            seat, d = w
            if seat not in self.humans:
                break  # a bot or a remote player: their answer comes through the session
            auto = self._automatic(seat, d)
            if auto is not None:
                try:
                    self.session.submit(seat, auto)
                    continue
                except IllegalAction:  # the game is as it was: the seat answers by hand
                    break
                except EngineFault as e:  # said like any fault; the seat answers by hand, so it is shown
                    self._fault(e)
            if seat != self.seat:
                self.seat = seat
                self._views = {}
                try:
                    self._flush_log()
                    # the hand-over first: the table is redrawn once, already hidden
                    self.handover.emit(seat)
                    self.changed.emit()
                finally:
                    self._views = None
                return
            break
        self._views = {}
        try:
            self._flush_log()
            self.changed.emit()
            v = self.view()
            if v.get("winner") is not None or (self.waiting() is None and not self.finished):
                if not self.finished:
                    self.finished = True
                    self.game_over.emit(v.get("winner"))
        finally:
            self._views = None

    def _automatic(self, seat: str, d: Any) -> Any:
        if d.forced is not None and d.kind != "priority":
            return d.forced
        if d.kind == "priority":
            if self.auto_pass and only_pass_or_mana(d.options):
                return {"action": "pass"}  # decided from the options alone: no view needed
            v = self.session.view(seat)  # once per decision: a view of a crowded table is not free
            if self.pass_until.get(seat) == v["turn"] and not self.opponent_acted(seat, v):
                return {"action": "pass"}
            if self.auto_pass and not self.stops_here(seat, v):
                return {"action": "pass"}
        return None

    @staticmethod
    def opponent_acted(seat: str, v: dict[str, Any]) -> bool:
        """A spell or ability of another player waits on the stack: "pass turn" (F6) gives
        the player priority back, as Arena and Forge do, so they may respond (116.3b)."""
        return bool(v["stack"]) and v["stack"][0]["controller"] != seat

    def stops_here(self, seat: str, v: dict[str, Any] | None = None) -> bool:
        v = v if v is not None else self.session.view(seat)
        if v["stack"]:
            return v["stack"][0]["controller"] != seat  # respond to the opponent, not to yourself
        mine, theirs = self._stops_of(seat)
        return v["step"] in (mine if team_turn(v, seat) else theirs)   # 805.4: a team's turn is each of its players'

    # -- the log ------------------------------------------------------------
    def _on_session(self) -> None:
        pass  # LocalSession calls back inside submit; advance() does the work after it

    def _collect_shown(self, start: int) -> None:
        """Queue the cards of reveals and looks since event ``start`` for the seats that
        were shown them (701.13a: a reveal to all; a look or "reveal to": its audience).
        Each seat played here is queued what it was shown (a reveal to all: every seat,
        each when at the screen); a spectator (no humans) only what all were shown."""
        for s in self.humans or [""]:
            for e in self.session.events(s, start):
                if e.get("type") not in SHOWING or not e.get("cards"):
                    continue
                if e.get("type") == "reveal" and e.get("player") == s and e.get("to") not in (None, "all"):
                    continue   # one's own hand shown to another player: nothing new to see
                self.shown.append((s or None, e))

    def take_shown(self, seat: str) -> list[dict[str, Any]]:
        """The events whose cards ``seat`` may now be shown (theirs and every player's);
        they leave the queue, the rest stay for their own seat's turn at the screen."""
        out = [e for s, e in self.shown if s is None or s == seat]
        if out:
            self.shown = [(s, e) for s, e in self.shown if not (s is None or s == seat)]
        return out

    def _flush_log(self) -> None:
        # in hotseat (and for a spectator) the log is written for no one in particular: no
        # hidden card names
        viewer = self.seat if len(self.humans) == 1 else ""
        for c in self.view()["battlefield"]:
            self._names[c["id"]] = c["name"]
        start = self._since
        evs = self.session.events(viewer, start)
        self._since += len(evs)
        if any(e.get("type") in SHOWING for e in evs):
            self._collect_shown(start)
        lines = describe_all(evs, self._names)   # a player named "you" reads "you draw"
        if lines:
            self.log_lines += lines
            self.logged.emit(lines)
