"""The table scene: every zone of both players and the shared stack, and the gestures.

The scene is a view of the game (STYLE 10): ``rebuild()`` redraws it from the
controller's view and decision, and a drop never moves a card by itself: it becomes an
answer sent through the controller, and the cards move when the game says so.

Gestures (issue 5):
- drag a card from your hand onto the battlefield to play it or cast it; drop a spell
  straight onto a creature or a player to target it; double-click works too;
- with a spell or ability waiting for targets, click a highlighted card or player;
- double-click a land to tap it for mana, a permanent to activate its ability;
- declare attackers: drag a creature toward the opponent (onto the player, a
  planeswalker, or anywhere in their part of the table: at a table of three or more,
  the player whose part it is); drag it back to cancel; confirm with Space;
- declare blockers: drag a blocker onto an attacker; drag it away to cancel; confirm.
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainterPath
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QGraphicsSimpleTextItem

from app.table.items import (
    CARD_TYPE,
    PLAYER_TYPE,
    STOP_TYPE,
    Z_ARROW,
    Z_ATTACHED,
    Z_CARD,
    Z_DRAG,
    Z_STACK,
    ZONE_TYPE,
    ArrowItem,
    ArrowLayer,
    CardItem,
    PlayerItem,
    SeatItem,
    StopItem,
    ZoneItem,
)
from app.table.reveal import RevealOverlay, place
from app.table.seats import (  # the geometry of the seats; the sizes are re-exported for the widget
    BF_H,
    BF_W,
    HAND_H,
    HAND_W,
    MAIN_W,
    MAIN_X,
    SCENE_H,
    SCENE_W,
    SeatBox,
    rotate,
    scene_height,
    seat_layout,
    stack_rect,
    stops_y,
    team_turn,
    teams_of,
    text_y,
)
from engine.cast_options import ANSWER_KEYS
from engine.seats import result_text
from engine.targets import slot_applies

AURA_PEEK = 26        # how much of an attached card shows above its host
ORDER_KINDS = ("order_blockers", "order_attackers")  # damage assignment order (509.2, 509.3)
PICK_KINDS = ("choose_cards", "discard_to_hand_size", "legend_rule")   # cards picked by clicking them
# the stops strip: steps where a player may want to stop and act (the rest pass quickly)
STOP_STEPS = (("upkeep", "upkeep"), ("draw", "draw"), ("main1", "main 1"), ("beginning_of_combat", "combat"),
              ("declare_attackers", "attackers"), ("declare_blockers", "blockers"),
              ("combat_damage", "damage"), ("end_of_combat", "end of combat"), ("main2", "main 2"),
              ("end", "end step"))
# the steps and phases by their names in the rules (500.1, 505.1)
STEP_NAMES = {
    "main1": "first main phase",
    "main2": "second main phase",
    "first_strike_damage": "first-strike damage step",
    "combat_damage": "combat damage step",
    "end": "end step",
    # before the first turn (103.2-103.5): no step of the turn, but what is being done
    "play_first": "choice of who plays first",
    "mulligan": "mulligans",
    "opening": "opening hands",
}


BEFORE_TURNS = ("play_first", "mulligan", "opening")


def step_name(step: str) -> str:
    """'declare_attackers' -> 'declare attackers step'; 'main1' -> 'first main phase';
    the game's start, which is no step (103), by what happens in it ('mulligan' -> 'mulligans')."""
    return STEP_NAMES.get(step) or (step.replace("_", " ") + " step" if step else "")



class Interaction:
    """A priority action being built: its option, the targets chosen so far, X and modes.

    The target slots are the option's own (``targets`` / ``target_counts``); for a modal spell or ability
    they are those of the chosen modes (``mode_targets``), added once the modes are chosen, in the order of
    the modes (601.2b-c: modes first, then the targets of each chosen mode's target words)."""

    def __init__(self, option: dict[str, Any]) -> None:
        self.option = option
        self.slots: list[list[Any]] = [list(c) for c in option.get("targets") or []]
        self.counts: list[list[int]] = [list(c) for c in option.get("target_counts") or []]
        self.slot_modes: list[int | None] = [None] * len(self.slots)   # the mode each slot belongs to
        # the slots of "another target": none of the other targets (114.3)
        self.another: list[bool] = [k in (option.get("another") or ()) for k in range(len(self.slots))]
        self.targets: list[list[Any]] = [[] for _ in self.slots]
        self.slot = 0
        xs: list[int] = option.get("x_values") or []  # an option for one X (a cost's filter names X, 602.2b)
        self.x: int | None = int(xs[0]) if len(xs) == 1 else None
        self.modes: list[int] | None = None
        self.extras: list[str] = []   # optional additional costs paid: entwine (702.41a)
        # kicker (702.32a): announced first, as 601.2b has it; None until the player says
        self.kicked: bool | None = None if option.get("kicker") else False

    @property
    def candidates(self) -> list[Any]:
        if self.slot >= len(self.slots):
            return []
        if self.another[self.slot]:  # "another target" (114.3): none chosen for the spell's other slots
            return [c for c in self.slots[self.slot] if all(c not in t for t in self.targets)]
        return [c for c in self.slots[self.slot] if c not in self.targets[self.slot]]

    def slot_max(self) -> int:
        hi = self.counts[self.slot][1]
        if hi < 0:  # "X targets" (601.2b-c): X, or as many as there are before X is chosen
            return self.x if self.x is not None else len(self.slots[self.slot])
        return hi

    def slot_min(self) -> int:
        lo, hi = self.counts[self.slot]
        when = self.option.get("target_only_if") or []
        if self.slot < len(when) and not slot_applies(when[self.slot], bool(self.kicked),
                                                      (["Kicker"] if self.kicked else []) + self.extras):
            return 0  # 601.2c: a target the spell has only when kicked (or so): none is needed
        return min(lo, self.slot_max()) if hi < 0 else lo

    def targets_done(self) -> bool:
        return self.slot >= len(self.slots)

    def add_target(self, t: Any) -> None:
        self.targets[self.slot].append(t)
        if len(self.targets[self.slot]) >= self.slot_max() or not self.candidates:
            self.slot += 1

    def next_slot(self) -> bool:
        """Finish the current slot early (it has its minimum); False if it has not."""
        if self.targets_done() or len(self.targets[self.slot]) < self.slot_min():
            return False
        self.slot += 1
        return True

    # -- modes (700.2) --------------------------------------------------------------
    def mode_range(self) -> tuple[int, int]:
        """The least and the most modes that may be chosen ("choose one or more" is offered as choose 99)."""
        hi = int(self.option.get("choose_kicked" if self.kicked and "choose_kicked" in self.option else "choose", 1))
        lo = int(self.option.get("choose_min", hi))
        # a mode chosen more than once (700.2d) may make more choices than there are modes
        most = hi if self.option.get("repeat_modes") else min(hi, len(self.option.get("modes", ())))
        return min(lo, most), most

    def mode_legal(self, m: int) -> bool:
        """Can mode ``m`` be chosen (700.2a: not when a target slot of it has too few legal targets)?"""
        per = self.option.get("mode_targets")
        return per is None or 0 <= m < len(per) and per[m] is not None

    def mode_words(self) -> str:
        lo, hi = self.mode_range()
        hi_text = "or more" if self.option.get("choose", 1) > len(self.option.get("modes", ())) else f"to {hi}"
        words = f"choose {hi} mode(s)" if lo == hi else f"choose {lo} {hi_text} mode(s)"
        if self.option.get("escalate"):  # escalate (a later keyword): paid for each mode beyond the first
            words += f" (escalate {self.option['escalate']} for each mode beyond the first)"
        return words

    def choose_modes(self, modes: list[int], entwine: bool = False) -> str | None:
        """Take the chosen modes and add their target slots (601.2b-c); the reason when they can't be chosen.
        ``entwine``: the entwine cost is paid and every mode is chosen (702.41a)."""
        lo, hi = self.mode_range()
        if entwine:
            modes = list(range(len(self.option.get("modes", ()))))
        elif not lo <= len(modes) <= hi:
            return f"{self.option.get('name', '')}: {self.mode_words()}"
        if len(modes) > self.option.get("modes_affordable", len(modes)):  # escalate (601.2f): too much to pay
            most = self.option["modes_affordable"]
            return f"{self.option.get('name', '')}: escalate can be paid for {most} mode(s) at most"
        bad = [m for m in modes if not self.mode_legal(m)]
        if bad:
            return f'"{self.option["modes"][bad[0]]}" has no legal target now, so it can\'t be chosen (700.2a)'
        self.modes = sorted(modes)
        if entwine:
            self.extras.append("entwine")
        per = self.option.get("mode_targets") or []
        for m in self.modes:
            got: dict[str, Any] = (per[m] if m < len(per) else None) or {}
            another = got.get("another") or ()
            for k, (cands, count) in enumerate(zip(got.get("targets", []), got.get("target_counts", []))):
                self.slots.append(list(cands))
                self.counts.append(list(count))
                self.slot_modes.append(m)
                self.another.append(k in another)
                self.targets.append([])
        return None

    def needs_more(self) -> bool:
        return (self.kicked is None or not self.targets_done() or (self.option.get("x") and self.x is None)
                or ("choose" in self.option and self.modes is None))

    def answer(self) -> dict[str, Any]:
        # what the option names: the action, card or ability, alternative cost, face, paying objects
        a = {k: v for k, v in self.option.items() if k in ANSWER_KEYS}
        if self.kicked:
            a["kicked"] = True
        if self.slots:
            a["targets"] = self.targets
        if self.option.get("x"):
            a["x"] = self.x or 0
        if "choose" in self.option:
            a["modes"] = sorted(self.modes or [])
        if self.extras:
            a["extras"] = list(self.extras)
        return a

    def describe(self) -> str:
        name = self.option.get("name", "")
        if self.option.get("alt") == "flashback":
            name += " (flashback)"
        if self.kicked is None:
            return f"{name}: pay the kicker {self.option['kicker']}?"
        if self.kicked:
            name += " (kicked)"
        if not self.targets_done():
            n = len(self.slots)
            k = f" ({self.slot + 1} of {n})" if n > 1 else ""
            hi = self.slot_max()
            many = f"up to {hi} targets" if hi > 1 else "a target"
            m = self.slot_modes[self.slot]
            mode = f' for "{self.option["modes"][m]}"' if m is not None else ""
            return f"{name}: choose {many}{mode}{k} — click a highlighted card or player"
        if self.option.get("x") and self.x is None:
            return f"{name}: choose X"
        return f"{name}: {self.mode_words()}"


class LabelItem(QGraphicsSimpleTextItem):
    """A line of text over the table on a dark band, readable above arrows."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_ARROW + 1)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)  # drawn again only when its text changes

    def boundingRect(self) -> QRectF:
        return super().boundingRect().adjusted(-6, -2, 6, 2)

    def paint(self, p: Any, opt: Any, widget: Any = None) -> None:
        p.setRenderHint(p.RenderHint.Antialiasing)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(20, 34, 30, 200))
        p.drawRoundedRect(self.boundingRect(), 6, 6)
        super().paint(p, opt, widget)

    def shape(self) -> Any:
        return QPainterPath()  # never in the way of a click or a drop


class TableScene(QGraphicsScene):
    hovered = Signal(object)       # a face-up card as the view shows it (its zone added), to show it large
    open_zone = Signal(str, str)   # (seat, "graveyard" | "exile"): show the whole pile
    message = Signal(str)          # a short status line (why a gesture did nothing)
    interaction_changed = Signal()  # a pending action, attack or block plan changed
    card_menu = Signal(int, QPoint)  # right-click on a card with manual actions offered: (card, screen pos)

    def __init__(self, controller: Any, parent: Any = None) -> None:
        super().__init__(parent)
        self.ctl = controller
        self.setSceneRect(0, 0, SCENE_W, SCENE_H)
        # no BSP index: it is updated on every move, add and removal (0.1 ms per removed
        # item: 9 ms when combat damage clears 30 creatures and 60 arrows); a linear search
        # over 200 items for a click costs nothing
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.setBackgroundBrush(QColor(30, 52, 44))
        self.hide_hands = False                    # the hand-over screen is up
        self.cards: dict[int, CardItem] = {}
        self.players: dict[str, PlayerItem] = {}
        self.zones: dict[tuple[str, str | None], ZoneItem] = {}
        self.boxes: dict[str, SeatBox] = {}        # each seat's part of the table (app.table.seats)
        self.pending: Interaction | None = None
        self.attacks: dict[int, Any] = {}          # attacker id -> player or planeswalker id
        self.blocks: dict[int, int] = {}           # blocker id -> attacker id
        self.choices: list[dict[str, Any]] = []    # several abilities of one card: pick one
        self._decision_key: Any = None
        self._decision_obj: Any = None
        self._decision_content: Any = None
        self._press: tuple[QGraphicsItem, QPointF] | None = None
        self._drag: CardItem | None = None
        self._drag_arrow: ArrowItem | None = None
        self._drag_offset = QPointF()
        self.v: dict[str, Any] = {}
        self._pool: dict[tuple[Any, ...], QGraphicsItem] = {}
        self._taken: dict[tuple[Any, ...], QGraphicsItem] = {}
        self._frames: list[QRectF] = []
        self._frame_keys: list[tuple[float, ...]] = []
        self._marks: dict[int, str] = {}
        # each row's cards as the view said them, and its items with their pool keys
        self._rows: dict[tuple[Any, ...], tuple[list[dict[str, Any]], list[tuple[tuple[Any, ...], CardItem]]]] = {}
        self._rows_before: dict[tuple[Any, ...], Any] = {}
        self.order: list[int] | None = None      # blockers being put in damage order (509.2)
        self.picked: set[int] = set()            # cards clicked for a choice of cards (discard...)
        self._drag_marks: list[Any] = []         # legal targets lit while a spell is dragged
        self.reveal: RevealOverlay | None = None   # cards a reveal or look shows this seat (app.table.reveal)

    def drawBackground(self, p: Any, rect: QRectF | QRect) -> None:
        """The felt and the zones' frames (static: the view caches it, CacheBackground)."""
        p.fillRect(rect, self.backgroundBrush())
        for r in self._frames:
            if r.intersects(rect):
                ZoneItem.draw_frame(p, r)

    # -- the decision of the moment --------------------------------------------
    def decision(self) -> Any:
        return None if self.hide_hands else self.ctl.decision

    def priority_options(self) -> list[dict[str, Any]]:
        d = self.decision()
        return list(d.options) if d is not None and d.kind == "priority" else []

    def options_for(self, obj: int, actions: tuple[str, ...]) -> list[dict[str, Any]]:
        return [o for o in self.priority_options() if o.get("card") == obj and o.get("action") in actions
                and o.get("alt") is None]

    def hand_options(self, obj: int, abilities: bool = True) -> list[dict[str, Any]]:
        """What a card in hand can do now: be played, or cast for its mana cost or an
        alternative cost (118.9), and (with ``abilities``) activate an ability that works from
        the hand (cycling, 702.28a) or take a special action with it (suspend 702.61a, foretell:
        115.2). Casts for the mana cost come first."""
        opts = [o for o in self.priority_options() if o.get("card") == obj and (
            o.get("action") in ("play", "cast") and o.get("alt") in (None, "alternative")
            or abilities and o.get("action") == "activate")]
        opts = sorted(opts, key=lambda o: (o.get("action") == "activate", o.get("alt") is not None))
        return opts + (self.special_options(obj) if abilities else [])

    def special_options(self, obj: int) -> list[dict[str, Any]]:
        """The special actions (115.2) the engine offers now with this object: turning a face-down
        permanent face up (702.36e), suspending or foretelling a card in hand (702.61a), ending an
        effect by paying for it (115.2c), unlocking a door, ... every priority option of the card
        that is not a play, cast or activation."""
        return [o for o in self.priority_options() if o.get("card") == obj
                and o.get("action") not in ("play", "cast", "activate")]

    def flashback_options(self, obj: int | None = None) -> list[dict[str, Any]]:
        """Casts from the graveyard for the flashback cost (702.33a), of one card or all."""
        return [o for o in self.priority_options() if o.get("alt") == "flashback"
                and (obj is None or o.get("card") == obj)]

    def command_options(self, obj: int | None = None) -> list[dict[str, Any]]:
        """Casts of a card in the shown seat's command zone (903.8: a commander is cast from
        there, its tax added by the engine), of one card or of all."""
        if not self.v:
            return []
        mine = {c["id"] for c in self.v["players"].get(self.ctl.seat, {}).get("command") or ()}
        return [o for o in self.priority_options() if o.get("action") == "cast" and o.get("card") in mine
                and (obj is None or o.get("card") == obj)]

    def cast_from_graveyard(self, obj: int) -> bool:
        """Double-click in the graveyard viewer: flashback."""
        opts = self.flashback_options(obj)
        if not opts:
            self.message.emit("that card can't be cast from the graveyard now")
            return False
        return self._start(opts[0])

    # -- drawing ----------------------------------------------------------------
    def _take(self, key: tuple[Any, ...], make: Any) -> Any:
        """The item drawn under ``key`` last time (kept, so its cached pixmap is reused),
        or a new one from ``make()``; items not taken during a rebuild are removed."""
        it = self._pool.get(key)
        if it is None or it.scene() is not self:
            it = make()
            self.addItem(it)
        self._taken[key] = it
        return it

    def rebuild(self) -> None:
        """Redraw everything from the controller's view and decision.

        Items are kept from one rebuild to the next by what they show (zone, card id,
        size): an item whose card did not change is not repainted, and the view repaints
        the others from their cached pixmaps (issue 5: at most 16 ms per update with 60
        permanents a side; measured by ``python -m app.bench``)."""
        d = self.decision()
        if d is not self._decision_obj:
            # a remote session hands out a new Decision object on every read: the same
            # decision is recognised by what it says, so a half-built plan survives a redraw
            self._decision_obj = d
            self._decision_content = None if d is None else (d.player, d.kind, d.prompt, repr(d.options))
        key = (self._decision_content, self.ctl.seat)
        if key != self._decision_key:  # a new decision: forget half-built plans
            self._decision_key = key
            self.pending = None
            self.attacks, self.blocks = {}, {}
            self.choices = []
            self.picked = set()
            self.order = list(d.options) if d is not None and d.kind in ORDER_KINDS else None
        self._press = self._drag = None
        self._drag_marks = []
        if self._drag_arrow is not None and self._drag_arrow.scene() is self:
            self.removeItem(self._drag_arrow)
        self._drag_arrow = None
        self._taken = {}
        self._rows_before, self._rows = self._rows, {}
        self._marks = {}
        self.cards, self.players, self.zones = {}, {}, {}
        v = self.v = self.ctl.view()
        order = self.seat_order(v)
        self.boxes = seat_layout(order, self.ctl.seat, self.teams(v))
        self._life_by = self._team_life(order, v)
        height = scene_height(len(order))
        if self.sceneRect().height() != height:
            self.setSceneRect(0, 0, SCENE_W, height)   # the view fits itself to it (TableView)
        for seat, box in self.boxes.items():
            if seat not in v["players"]:
                continue
            self._seat_frame(seat, v, box, len(order))
            self._player(seat, v, box)
            for kind, r in box.rows.items():
                label = {"creatures": "battlefield", "lands": "lands", "hand": "hand"}[kind]
                zk = "hand" if kind == "hand" else "battlefield"
                # a seat's zones move when the seats swap sides (hotseat): kept, not made again
                z = self._take(("zone", kind, seat), lambda zk=zk, r=r, seat=seat, label=label:
                               ZoneItem(zk, seat, r, f"{seat}: {label}"))
                z.set_rect(r)
                self.zones[(kind, seat)] = z
            if "hand" in box.rows:
                self._hand(seat, v, box)
            self._battlefield(seat, v, box)
            self._piles(seat, v, box)
        self._stack(v)
        self._stops(v)
        self._center(v, d)
        self._arrows(v)
        self._highlights(d)
        for k, it in self._pool.items():
            if k not in self._taken and it.scene() is self:
                self.removeItem(it)
        self._pool = self._taken
        frames: list[tuple[float, ...]] = sorted(
            (z.rect.x(), z.rect.y(), z.rect.width(), z.rect.height()) for z in self.zones.values())
        # the zones' frames are the background: redraw it (15 ms) only when they move, not
        # when the seats swap sides (the same frames, in another order)
        if frames != self._frame_keys:
            self._frame_keys = frames
            self._frames = [QRectF(*f) for f in frames]
            self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)
        for it in list(self.cards.values()) + list(self.players.values()):
            it_new = self._marks.get(id(it))
            if it_new != it.highlight:
                it.highlight = it_new
                it.update()
        numbers = {self.cards[x]: str(i + 1) for i, x in enumerate(self.order or []) if x in self.cards}
        for it in self.cards.values():
            it.set_badge(numbers.get(it))

    @staticmethod
    def teams(v: dict[str, Any]) -> list[list[str]] | None:
        """The view's teams in Two-Headed Giant (810.1), else None."""
        return teams_of(v)

    def _team_life(self, order: list[str], v: dict[str, Any]) -> dict[str, str]:
        """Two-Headed Giant: a team has one life total (810.9a), shown once: on the panel of
        the team's first seat from the bottom in turn order (yours, for your team) still in the
        game. Each other seat maps to the seat whose panel shows it; that one to itself."""
        teams = self.teams(v)
        if not teams:
            return {}
        from_me = rotate(order, self.ctl.seat) if self.ctl.seat in order else list(order)
        out = {}
        for t in teams:
            seated = [n for n in from_me if n in t]
            shown = next((n for n in seated if not v["players"][n].get("lost")), seated[0])
            out.update({n: shown for n in t})
        return out

    @staticmethod
    def team_turn(v: dict[str, Any], seat: str | None) -> bool:
        """Is it ``seat``'s turn (app.table.seats.team_turn: the active team's, 805.4)."""
        return team_turn(v, seat)

    @staticmethod
    def seat_order(v: dict[str, Any]) -> list[str]:
        """The players in turn order (the view's ``order``, else its players' order)."""
        return list(v.get("order") or v["players"])

    def opponents(self) -> list[str]:
        """The shown seat's opponents in turn order from its left (still in the game first)."""
        order = rotate(self.seat_order(self.v), self.ctl.seat)[1:] if self.v else []
        players = self.v.get("players", {}) if self.v else {}
        return sorted(order, key=lambda s: bool(players.get(s, {}).get("lost")))

    def seat_at(self, pos: QPointF) -> str | None:
        """The seat whose part of the table holds ``pos`` (None outside every seat)."""
        for seat, box in getattr(self, "boxes", {}).items():
            if box.area.contains(pos):
                return seat
        return None

    def _seat_frame(self, seat: str, v: dict[str, Any], box: SeatBox, n: int) -> None:
        """At a table of three or more, each seat's area is framed: gold for the player whose
        turn it is, blue for the one the game waits for (holding priority or deciding)."""
        if n <= 2:
            return
        w = self.ctl.waiting()
        state = (self.team_turn(v, seat), v.get("priority") == seat or (w is not None and w[0] == seat),
                 bool(v["players"][seat].get("lost")))
        it = self._take(("seat", seat), lambda: SeatItem(box.area))
        it.set_rect(box.area)
        it.set_state(*state, team=box.team)

    def _player(self, seat: str, v: dict[str, Any], box: SeatBox) -> None:
        r = box.panel
        w = self.ctl.waiting()
        info = v["players"][seat]
        shown = self._life_by.get(seat)
        if shown is not None:   # 810.9a: one life total a team, shown on one panel
            info = {**info, "team_life": "shown" if shown == seat else shown}
        facts = (info, self.team_turn(v, seat), v.get("priority") == seat, w is not None and w[0] == seat)
        it = self._take(("player", seat, box.bottom, box.compact),
                        lambda: PlayerItem(seat, facts[0], r, *facts[1:], compact=box.compact))
        it.set_rect(r)
        it.set_info(*facts)
        self.players[seat] = it

    def _card(self, key: tuple[Any, ...], c: dict[str, Any], zone: str, seat: str, w: int, h: int,
              face_up: bool) -> CardItem:
        it = self._take(("card", zone, seat, w, h) + key, lambda: CardItem(c, zone, seat, w, h, face_up))
        it.set_card(c, face_up)
        it.setZValue(Z_CARD)
        return it

    def _row(self, cards: list[dict[str, Any]], zone: str, seat: str, row: QRectF, w: int, ch: int,
             face_up: bool, group: bool = False) -> list[CardItem]:
        """A row of cards laid out left to right (squeezed when full). A row whose cards
        say exactly what they said last time keeps its items where they are: only what
        changed is laid out again (most decisions change one card of one row)."""
        rk = (zone, seat, row.x(), row.y(), row.width(), row.height(), w, ch, face_up)
        last = self._rows_before.get(rk)
        if last is not None and last[0] == cards and all(self._pool.get(k) is it for k, it in last[1]):
            for k, it in last[1]:
                self._taken[k] = it
                if it.pos() != it.home:   # a drag the game refused: back in its place
                    it.setPos(it.home)
                if it.zValue() != it.row_z:
                    it.setZValue(it.row_z)
                if it.obj is not None:
                    self.cards[it.obj] = it
            self._rows[rk] = last
            return [it for _, it in last[1]]
        placed = self._row_layout(cards, zone, seat, row, w, ch, face_up, group)
        self._rows[rk] = (cards, placed)
        return [it for _, it in placed]

    @staticmethod
    def _same(c: dict[str, Any]) -> tuple[Any, ...]:
        """What tells a permanent apart at a glance: cards equal in all of it may share a pile."""
        return (c.get("name"), bool(c.get("tapped")), c.get("power"), c.get("toughness"), c.get("damage"),
                tuple(sorted((c.get("counters") or {}).items())), c.get("attacking"), tuple(c.get("blocking") or ()),
                c.get("token"), c.get("sick"))

    def _row_layout(self, cards: list[dict[str, Any]], zone: str, seat: str, row: QRectF, w: int, ch: int,
                    face_up: bool, group: bool = False) -> list[tuple[tuple[Any, ...], CardItem]]:
        """Cards left to right in their row, squeezed when the row is full. With ``group``
        (an opponent's small row at a table of three or more), a full row first piles up
        permanents that look the same (Forge does so): each pile shows its cards' edges."""
        y, h = row.y(), row.height()
        gap = 8 if w >= 60 else 4
        avail = row.width() - 20
        slots: list[list[dict[str, Any]]] = [[c] for c in cards]
        if group and cards and sum(ch if c.get("tapped") else w for c in cards) + gap * (len(cards) - 1) > avail:
            piles: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
            for c in cards:
                piles.setdefault(self._same(c), []).append(c)
            slots = list(piles.values())
        step = max(4.0, w * 0.1)   # how much of each card under the top one of a pile shows
        widths = [(ch if s[0].get("tapped") else w) + step * (len(s) - 1) for s in slots]
        total = sum(widths) + gap * max(0, len(slots) - 1)
        squeeze = min(1.0, (avail - widths[-1]) / max(1, total - widths[-1])) if slots and total > avail else 1.0
        x = row.x() + 10
        out = []
        i = 0
        for slot, sw in zip(slots, widths):
            base = (ch if slot[0].get("tapped") else w)
            for j, c in enumerate(slot):
                key = (c.get("id", ("hidden", i)),)
                i += 1
                it = self._card(key, c, zone, seat, w, ch, face_up)
                # the item rotates about its center: place the center in the middle of its slot
                it.home = QPointF(x + j * step + base / 2 - w / 2, y + (h - ch) / 2 + min(6, (h - ch) / 2))
                if it.pos() != it.home:
                    it.setPos(it.home)
                it.row_z = Z_CARD + j * 0.01   # the pile's later cards over the earlier ones
                if it.zValue() != it.row_z:
                    it.setZValue(it.row_z)
                if it.obj is not None:
                    self.cards[it.obj] = it
                out.append((("card", zone, seat, w, ch) + key, it))
            x += (sw + gap) * squeeze
        return out

    def known(self, seat: str, zone: str) -> dict[int, dict[str, Any]]:
        """The hidden cards of ``seat``'s ``zone`` the shown seat knows (a look, a reveal:
        engine/knowledge.py), by position; none while the hand-over screen is up."""
        if self.hide_hands:
            return {}
        return {c["index"]: c for c in self.v["players"][seat].get("known") or () if c.get("zone") == zone}

    def _hand(self, seat: str, v: dict[str, Any], box: SeatBox) -> None:
        p = v["players"][seat]
        row = box.rows["hand"]
        if p.get("hand") is not None and not self.hide_hands:
            # your hand; at a table of three or more a teammate's too (810.5), at its box's size
            w, ch = (HAND_W, HAND_H) if box.bottom else box.hand_card
            self._row(p["hand"], "hand", seat, row, w, ch, True)
        else:
            w, ch = box.hand_card
            # a card of this hand the shown seat knows is drawn face up in its place
            known = self.known(seat, "hand")
            self._row([known.get(i, {}) for i in range(p["hand_count"])], "hand", seat, row, w, ch, bool(known))

    def _battlefield(self, seat: str, v: dict[str, Any], box: SeatBox) -> None:
        mine = [c for c in v["battlefield"] if c["controller"] == seat]
        attached = [c for c in mine if c.get("attached_to") is not None]
        free = [c for c in mine if c.get("attached_to") is None]
        lands = [c for c in free if "Land" in c["types"] and "Creature" not in c["types"]]
        others = [c for c in free if c not in lands]
        bw, bh = box.card
        for cards, kind in ((lands, "lands"), (others, "creatures")):
            self._row(cards, "battlefield", seat, box.rows[kind], bw, bh, True, group=box.compact)
        on_host: dict[Any, int] = {}
        peek = round(AURA_PEEK * bh / BF_H)
        for c in attached:
            it = self._card((c["id"],), c, "battlefield", seat, bw, bh, True)
            host = self.cards.get(c["attached_to"])
            if host is not None:
                # behind its host, its name bar showing above the host's (an opponent's Aura
                # too: a peek below the host showed only the Aura's text box, 303.4)
                k = on_host[c["attached_to"]] = on_host.get(c["attached_to"], 0) + 1
                it.home = host.pos() + QPointF(6 * k, -peek * k)
            else:
                r = box.rows["creatures"]
                it.home = QPointF(r.right() - bw - 10, r.y() + 10)
            it.setPos(it.home)
            it.setZValue(Z_ATTACHED)
            self.cards[c["id"]] = it

    def _piles(self, seat: str, v: dict[str, Any], box: SeatBox) -> None:
        """The library, graveyard, exile and command zone of a seat: each shows its top card
        (face down for the library, unless the shown seat knows it) and how many it holds."""
        p = v["players"][seat]
        grave_top = (p["graveyard"] or [None])[-1]
        fb = {o["card"] for o in self.flashback_options()} if seat == self.ctl.seat else set()
        castable = [c for c in p["graveyard"] if c["id"] in fb]
        if castable:  # a card that can be flashed back now is shown on the pile, to drag or double-click
            grave_top = castable[-1]
        command = p.get("command") or []
        cast = {o["card"] for o in self.command_options()} if seat == self.ctl.seat else set()
        command_top = next((c for c in reversed(command) if c["id"] in cast), (command or [None])[-1])
        lib_top = self.known(seat, "library").get(0)   # a known top card is shown on the library
        specs = {"library": (lib_top, p["library"]), "graveyard": (grave_top, len(p["graveyard"])),
                 "exile": ((p["exile"] or [None])[-1], len(p["exile"])), "command": (command_top, len(command))}
        for kind, r in box.piles.items():
            topcard, count = specs[kind]
            z = self._take(("zone", kind, seat), lambda kind=kind, r=r: ZoneItem(kind, seat, r, kind))
            z.set_rect(r)
            self.zones[(kind, seat)] = z
            if count:
                pw, ph = box.command_card if kind == "command" and box.command_card[0] else box.pile_card
                if kind == "command" and 1 < count <= 3:
                    self._command_row(command, seat, r, pw, ph)   # two partners side by side (a later rule)
                    continue
                it = self._card(("pile",), topcard or {}, kind, seat, pw, ph, topcard is not None)
                it.home = QPointF(r.x() + 2, r.y() + min(20, r.height() - ph))
                it.setPos(it.home)
                if it.count != count:
                    it.count = count
                    it.update()
                if topcard is not None:
                    self.cards[topcard["id"]] = it

    def _command_row(self, command: list[dict[str, Any]], seat: str, r: QRectF, pw: int, ph: int) -> None:
        """Every card of a command zone that has room for them, left to right (two commanders, a later rule:
        Partner; each one is cast, and counts its tax, on its own, 903.8): at their size when the zone is wide
        enough, else smaller and overlapping, each one's left part showing (the preview shows it large)."""
        n, room = len(command), r.width() - 4
        if n * pw + 6 * (n - 1) <= room:
            cw, step = pw, pw + 6.0
        else:
            cw = int(min(pw, room / (1 + 0.6 * (n - 1))))
            step = 0.6 * cw
        ch = round(cw * ph / pw)
        for i, c in enumerate(command):
            it = self._card(("pile", i), c, "command", seat, cw, ch, True)
            it.setZValue(Z_CARD + i)
            it.home = QPointF(r.x() + 2 + i * step, r.y() + min(20, r.height() - ch))
            it.setPos(it.home)
            if it.count is not None:
                it.count = None
                it.update()
            self.cards[c["id"]] = it

    def _stack(self, v: dict[str, Any]) -> None:
        r = stack_rect(len(self.boxes))
        z = self._take(("zone", "stack"), lambda: ZoneItem("stack", None, r, "stack"))
        z.set_rect(r)
        z.set_label(f"stack ({len(v['stack'])})")
        self.zones[("stack", None)] = z
        for i, c in enumerate(v["stack"]):
            it = self._card((c["id"],), c, "stack", c["controller"], BF_W, BF_H, True)
            it.home = QPointF(r.x() + 14 + (i % 2) * 20 + (i // 6) * 110, r.y() + 22 + (i % 6) * 44)
            it.setPos(it.home)
            it.setZValue(Z_STACK + (len(v["stack"]) - i))
            self.cards[c["id"]] = it

    def _center(self, v: dict[str, Any], d: Any) -> None:
        step = v.get("step") or ""
        txt = (f"before the game · {step_name(step)}" if step in BEFORE_TURNS or not v.get("turn")
               else f"turn {v['turn']} · {self.turn_owner(v)} · {step_name(step)}")
        if v.get("winner") is not None:
            txt = f"game over: {result_text(v['winner'])}"
        ty, hy = text_y(len(self.boxes))
        t = self._take(("text", "step"), lambda: self._text(QFont("DejaVu Sans", 15, QFont.Weight.Bold),
                                                               QColor(240, 240, 230), ty))
        t.setY(ty)
        if t.text() != txt:
            t.setText(txt)
        hint = self.hint(d)
        if hint:
            h = self._take(("text", "hint"), lambda: self._text(QFont("DejaVu Sans", 11), QColor(255, 226, 140),
                                                                hy))
            h.setY(hy)
            if h.text() != hint:
                h.setText(hint)

    def turn_owner(self, v: dict[str, Any]) -> str:
        """Whose turn the turn line names: the active player, or in Two-Headed Giant the active
        team (805.4a: the team takes the turn), "you and bob" or "carol and dave"."""
        teams = self.teams(v)
        team = next((t for t in teams or () if v["active"] in t), None)
        if team is None:
            return str(v["active"])
        names = ["you" if n == self.ctl.seat else n for n in team]
        names.sort(key=lambda n: n != "you")
        return f"{', '.join(names[:-1])} and {names[-1]}'s team" if names[0] != "you" else \
            f"{', '.join(names[:-1])} and {names[-1]}: your team"

    def _stops(self, v: dict[str, Any]) -> None:
        """The stops strip: where priority stops for you in their turn and in yours."""
        head = self._take(("text", "stops"), lambda: self._stops_header())
        top = stops_y(len(self.boxes))
        head.setPos(8, top - 24)
        my_turn = self.team_turn(v, self.ctl.seat)
        for i, (step, label) in enumerate(STOP_STEPS):
            it = self._take(("stop", step), lambda step=step, label=label: StopItem(step, label))
            it.setPos(8, top + i * StopItem.H)
            it.set_state(step in self.ctl.stops_other, step in self.ctl.stops_active, v.get("step") == step,
                         my_turn)

    @staticmethod
    def _stops_header() -> QGraphicsSimpleTextItem:
        t = QGraphicsSimpleTextItem("stops:          their turn · yours")
        t.setFont(QFont("DejaVu Sans", 8))
        t.setBrush(QColor(170, 178, 188))
        t.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        t.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        return t

    def toggle_stop(self, step: str, whose: str) -> None:
        """Stop (or no longer stop) at ``step`` in their turn or in mine (controller stops)."""
        self.ctl.toggle_stop(step, whose)
        self.rebuild()

    @staticmethod
    def _text(font: QFont, color: QColor, y: float) -> QGraphicsSimpleTextItem:
        t = LabelItem()
        t.setFont(font)
        t.setBrush(color)
        t.setPos(MAIN_X + 12, y)
        return t

    def hint(self, d: Any) -> str:
        if self.hide_hands:
            return ""
        if self.pending is not None:
            return self.pending.describe()
        if d is None:
            w = self.ctl.waiting()
            return f"waiting for {w[0]}" if w else ""
        if d.kind == "attackers":
            if len(self.boxes) > 2:
                return "drag each attacker onto the player (or planeswalker) it attacks, then press Space"
            return "drag creatures toward your opponent to attack, then press Space"
        if d.kind == "blockers":
            return "drag your creatures onto attackers to block, then press Space"
        if d.kind in ORDER_KINDS:
            what = "blockers" if d.kind == "order_blockers" else "attackers"
            return (f"damage order: drag one of the numbered {what} onto another to take its place "
                    f"(1 is dealt damage first), then press Space")
        if d.kind == "priority":
            return "drag a card from your hand to play it · double-click to tap or activate · Space passes"
        return d.prompt

    def _anchor(self, x: Any) -> QPointF | None:
        if isinstance(x, str) and x in self.players:
            # the panel's right edge, toward the battlefield: the arrow leaves the life total readable
            it = self.players[x]
            return it.mapToScene(QPointF(it.rect.width() - 6, it.rect.height() / 2))
        if isinstance(x, int) and x in self.cards:
            return self.cards[x].center()
        return None

    def _arrow(self, a: Any, b: Any, kind: str, dashed: bool = False) -> None:
        pa, pb = self._anchor(a), self._anchor(b)
        if pa is not None and pb is not None:
            self._arrow_specs[(a, b, kind, dashed)] = (pa, pb, kind, dashed)

    def _arrows(self, v: dict[str, Any]) -> None:
        """Every arrow, drawn together by one ArrowLayer (app.table.items)."""
        self._arrow_specs: dict[Any, tuple[QPointF, QPointF, str, bool]] = {}
        self._arrows_of(v)
        layer = self._take(("arrows",), ArrowLayer)
        layer.set_arrows(self._arrow_specs)

    def _arrows_of(self, v: dict[str, Any]) -> None:
        for c in v["stack"]:
            for slot in c.get("targets") or []:
                for t in slot if isinstance(slot, list) else [slot]:
                    self._arrow(c["id"], t, "target")
        for c in v["battlefield"]:
            if c.get("attacking") is not None:
                self._arrow(c["id"], c["attacking"], "attack")
            for a in c.get("blocking") or []:
                self._arrow(c["id"], a, "block")
        for a, t in self.attacks.items():
            self._arrow(a, t, "attack", dashed=True)
        for b, a in self.blocks.items():
            self._arrow(b, a, "block", dashed=True)
        if self.pending is not None:
            for slot in self.pending.targets:
                for t in slot:
                    self._arrow(self.pending.option["card"], t, "target", dashed=True)

    def _highlights(self, d: Any) -> None:
        if d is None:
            return
        if self.pending is not None:
            for c in self.pending.candidates:
                self._mark(c, "target")
            src = self.cards.get(self.pending.option["card"])
            if src is not None:
                self._marks[id(src)] = "selected"
            return
        if d.kind == "priority":
            for o in d.options:
                if o.get("action") not in ("pass", "manual", "roll_planar_die") and isinstance(o.get("card"), int):
                    self._mark(o["card"], "playable")  # a play, cast, activation or special action (115.2)
        elif d.kind == "attackers":
            for a in d.options["attackers"]:
                self._mark(a, "attacking" if a in self.attacks else "playable")
        elif d.kind == "blockers":
            for b in d.options["blockers"]:
                self._mark(b, "blocking" if b in self.blocks else "playable")
        elif d.kind in ORDER_KINDS:
            for b in self.order or []:
                self._mark(b, "target")
        elif d.kind == "trigger_targets":
            for slot in d.options["targets"]:
                for c in slot:
                    self._mark(c, "target")
        elif d.kind in PICK_KINDS:
            for c in d.options:
                self._mark(c, "selected" if c in self.picked else "target")

    def move_in_order(self, obj: int, index: int) -> None:
        """Put ``obj`` at ``index`` of the damage assignment order being built (509.2, 509.3)."""
        if self.order is None or obj not in self.order:
            return
        self.order.remove(obj)
        self.order.insert(index, obj)
        self.rebuild()
        self.interaction_changed.emit()

    def set_order(self, order: list[int]) -> None:
        """The order as the prompt panel's list has it (the fallback to dragging on the table)."""
        if self.order is not None and sorted(order) == sorted(self.order) and order != self.order:
            self.order = list(order)
            self.rebuild()

    def set_picked(self, picked: list[int]) -> None:
        """The cards checked in the panel's list (the fallback to clicking them on the table)."""
        if set(picked) != self.picked:
            self.picked = set(picked)
            self.rebuild()

    def toggle_pick(self, obj: int) -> bool:
        """A click on a card offered in a choice of cards (discard to hand size, 514.1;
        legend rule...): picked, or no longer picked."""
        d = self.decision()
        if d is None or d.kind not in PICK_KINDS or obj not in d.options:
            return False
        self.picked.symmetric_difference_update({obj})
        self.rebuild()
        self.interaction_changed.emit()
        return True

    def order_answer(self) -> dict[str, Any]:
        return {"order": list(self.order or [])}

    def _mark(self, x: Any, how: str) -> None:
        it = self.players.get(x) if isinstance(x, str) else self.cards.get(x)
        if it is not None:
            self._marks[id(it)] = how

    # -- hit-testing -------------------------------------------------------------
    def target_at(self, pos: QPointF, exclude: QGraphicsItem | None = None) -> QGraphicsItem | None:
        """The card or player under a point (else the zone), skipping the dragged item."""
        zone = None
        for it in self.items(pos):
            if it is exclude or isinstance(it, ArrowItem):
                continue
            if it.type() in (CARD_TYPE, PLAYER_TYPE, STOP_TYPE):
                return it
            if it.type() == ZONE_TYPE and zone is None:
                zone = it
        return zone

    @staticmethod
    def ident(it: QGraphicsItem | None) -> Any:
        if isinstance(it, CardItem):
            return it.obj
        if isinstance(it, PlayerItem):
            return it.name
        return None

    # -- mouse ------------------------------------------------------------------
    def show_reveal(self, events: list[dict[str, Any]]) -> RevealOverlay:
        """Put up the cards of ``events`` (reveals and looks shown to this seat) near the
        player who showed them (the last event's), replacing any overlay up now."""
        self.hide_reveal()
        o = self.reveal = RevealOverlay(events, self.ctl.seat)
        place(o, events[-1].get("player") == self.ctl.seat, MAIN_X, MAIN_W, self.sceneRect().height())
        self.addItem(o)
        return o

    def hide_reveal(self) -> None:
        if self.reveal is not None:
            if self.reveal.scene() is self:
                self.removeItem(self.reveal)
            self.reveal = None

    def mousePressEvent(self, ev: Any) -> None:
        if self.reveal is not None and self.reveal.sceneBoundingRect().contains(ev.scenePos()):
            self.hide_reveal()   # a click on the shown cards puts them away
            ev.accept()
            return
        if ev.button() == Qt.MouseButton.RightButton:
            it = self.target_at(ev.scenePos())
            if isinstance(it, CardItem) and it.obj is not None and it.face_up and self.manual_offered():
                self.card_menu.emit(it.obj, ev.screenPos())
                ev.accept()
                return
        if ev.button() != Qt.MouseButton.LeftButton:
            return super().mousePressEvent(ev)
        it = self.target_at(ev.scenePos())
        self._press = (it, ev.scenePos()) if it is not None else None
        ev.accept()

    def mouseMoveEvent(self, ev: Any) -> None:
        if self._press is None:
            return super().mouseMoveEvent(ev)
        it, start = self._press
        pos = ev.scenePos()
        if self._drag is None:
            if not isinstance(it, CardItem) or it.obj is None or (pos - start).manhattanLength() < 6:
                return
            if it.zone == "hand" and it.seat != self.ctl.seat:
                return  # a card seen in another's hand (a reveal, a teammate's: 810.5) is not yours to play
            self._drag = it
            if it.zone == "hand":
                self._drag_offset = it.pos() - start
                it.setZValue(Z_DRAG)
                if self._light_targets(it):
                    # a spell with targets: the card hangs above and left of the pointer, half
                    # see-through, and an arrow shows where it goes: the target under the
                    # pointer stays in view (issue 16)
                    self._drag_offset = QPointF(-it.w * 0.75 - 14, -it.h * 0.75 - 14)
                    it.setScale(0.75)
                    it.setOpacity(0.6)
                    self._drag_arrow = ArrowItem(it.center(), pos, "target")
                    self.addItem(self._drag_arrow)
            else:
                self._drag_arrow = ArrowItem(it.center(), pos, "drag")
                self.addItem(self._drag_arrow)
        if self._drag.zone == "hand":
            self._drag.setPos(pos + self._drag_offset)
            if self._drag_arrow is not None:
                self._drag_arrow.set_points(self._drag.center(), pos)
        elif self._drag_arrow is not None:
            self._drag_arrow.set_points(self._drag.center(), pos)
        ev.accept()

    def _light_targets(self, it: CardItem) -> bool:
        """While a card with targets is dragged from the hand: ring its legal targets (the
        first target of the first way to cast it). False when it has none."""
        opts = self.hand_options(it.obj, abilities=False) if it.obj is not None else []
        slots = (opts[0].get("targets") or []) if opts else []
        if not slots:
            return False
        self._drag_marks = []
        for t in slots[0]:
            target = self.players.get(t) if isinstance(t, str) else self.cards.get(t)
            if target is not None:
                self._drag_marks.append(target)
                target.highlight = "target"
                target.update()
        return True

    def _unlight_targets(self, it: CardItem | None) -> None:
        for target in self._drag_marks:
            if target.scene() is self:
                target.highlight = self._marks.get(id(target))
                target.update()
        self._drag_marks = []
        if it is not None and it.scene() is self:
            it.setScale(1.0)
            it.setOpacity(1.0)

    def mouseReleaseEvent(self, ev: Any) -> None:
        press, drag = self._press, self._drag
        self._press = None
        if press is None:
            return super().mouseReleaseEvent(ev)
        ev.accept()
        if drag is not None:
            self._drag = None
            self._unlight_targets(drag)
            if self._drag_arrow is not None:
                self.removeItem(self._drag_arrow)
                self._drag_arrow = None
            target = self.target_at(ev.scenePos(), exclude=drag)
            handled = self.drop(drag, target, ev.scenePos())
            if not handled:
                self.rebuild()  # back where it was: the game did not move it
        else:
            self.click(press[0], ev.scenePos())

    def mouseDoubleClickEvent(self, ev: Any) -> None:
        it = self.target_at(ev.scenePos())
        self._press = None
        if isinstance(it, CardItem):
            self.activate(it)
        ev.accept()

    # -- what gestures mean ---------------------------------------------------------
    def _submit(self, answer: Any) -> bool:
        inter, self.pending = self.pending, None
        ok = self.ctl.submit(answer)
        if not ok:
            if inter is not None and inter.kicked and self.decision() is not None:
                # the kicker could not be paid (the engine says why): the same cast, asked again
                inter.kicked = None
                self.pending = inter
            self.rebuild()
            self.interaction_changed.emit()
        return ok

    def _start(self, opt: dict[str, Any], first_target: Any = None) -> bool:
        """Begin an action; submit it at once when it needs nothing more."""
        self.choices = []
        inter = Interaction(opt)
        if first_target is not None and not inter.targets_done() and first_target in inter.candidates:
            inter.add_target(first_target)
        if not inter.needs_more():
            return self._submit(inter.answer())
        self.pending = inter
        self.rebuild()
        self.interaction_changed.emit()
        return True

    def cancel(self) -> None:
        self.pending = None
        self.rebuild()
        self.interaction_changed.emit()

    def set_kicked(self, kicked: bool) -> None:
        """The answer to "pay the kicker?" (702.32a)."""
        if self.pending is not None and self.pending.kicked is None:
            self.pending.kicked = kicked
            self._continue()

    def set_x(self, x: int) -> None:
        if self.pending is not None:
            self.pending.x = x
            self._continue()

    def set_modes(self, modes: list[int], entwine: bool = False) -> None:
        """The modes chosen in the panel (601.2b; ``entwine``: all of them, 702.41a); then the targets of their
        target words are asked for, on the table, as for any targeted spell (601.2c)."""
        if self.pending is not None:
            why = self.pending.choose_modes(modes, entwine)
            if why is not None:
                self.message.emit(why)
                return
            self._continue()

    def finish_targets(self) -> None:
        """OK while choosing targets: end this slot with what is chosen (if enough)."""
        if self.pending is not None and not self.pending.next_slot():
            self.message.emit("choose at least the minimum number of targets first")
            return
        self._continue()

    def _continue(self) -> None:
        if self.pending is not None and not self.pending.needs_more():
            self._submit(self.pending.answer())
            return
        self.rebuild()
        self.interaction_changed.emit()

    def drop(self, card: CardItem, target: QGraphicsItem | None, pos: QPointF) -> bool:
        """A card was dragged onto ``target`` (a card, player or zone) at ``pos``."""
        d = self.decision()
        if d is None:
            self.message.emit("it is not your decision now")
            return False
        if card.obj is None:        # a card whose face this seat cannot see: nothing to do with it
            return False
        tid = self.ident(target)
        if card.zone == "hand" and card.seat == self.ctl.seat:
            if isinstance(target, ZoneItem) and target.kind == "hand" and target.seat == card.seat:
                return False  # put back
            opts = self.hand_options(card.obj, abilities=False)
            if not opts:
                self.message.emit(f"{card.name} can't be played now")
                return False
            return self._start(opts[0], tid)
        if card.zone == "graveyard" and card.seat == self.ctl.seat:
            opts = self.flashback_options(card.obj)
            if not opts:
                self.message.emit(f"{card.name} can't be cast from the graveyard now")
                return False
            return self._start(opts[0], tid)
        if card.zone == "command" and card.seat == self.ctl.seat:
            if isinstance(target, ZoneItem) and target.kind == "command":
                return False  # put back
            opts = self.command_options(card.obj)
            if not opts:
                self.message.emit(f"{card.name} can't be cast from the command zone now")
                return False
            return self._start(opts[0], tid)
        if card.zone != "battlefield":
            return False
        if d.kind == "attackers" and card.obj in d.options["attackers"]:
            targets = d.options["targets"]
            seat = self.seat_at(pos)
            if tid in targets:
                self.attacks[card.obj] = tid
            elif seat is not None and seat != self.ctl.seat and seat in targets:
                self.attacks[card.obj] = seat     # anywhere in that player's part of the table
            elif seat is not None and seat != self.ctl.seat and len(self.boxes) <= 2 and targets:
                self.attacks[card.obj] = targets[0]   # the one opponent can't be attacked: their planeswalker
            else:
                self.attacks.pop(card.obj, None)
                if seat is not None and seat != self.ctl.seat:
                    self.message.emit(f"{card.name} can't attack {seat}")
            self.rebuild()
            self.interaction_changed.emit()
            return True
        if d.kind in ORDER_KINDS and self.order is not None and card.obj in self.order:
            if tid in self.order and tid != card.obj:
                self.move_in_order(card.obj, self.order.index(tid))
                return True
            return False
        if d.kind == "blockers" and card.obj in d.options["blockers"]:
            if tid in d.options["blockers"][card.obj]:
                self.blocks[card.obj] = tid
            else:
                self.blocks.pop(card.obj, None)
                if tid is not None and isinstance(tid, int):
                    self.message.emit(f"{card.name} can't block that")
            self.rebuild()
            self.interaction_changed.emit()
            return True
        if d.kind == "priority":
            opts = [o for o in self.options_for(card.obj, ("activate",)) if o.get("targets")]
            for o in opts:
                if tid in (o["targets"][0] if o["targets"] else []):
                    return self._start(o, tid)
        return False

    def click(self, it: QGraphicsItem | None, pos: QPointF | None = None) -> None:
        if isinstance(it, StopItem):
            self.toggle_stop(it.step, it.toggle_at(it.mapFromScene(pos).x()) if pos is not None else "mine")
            return
        tid = self.ident(it)
        if self.pending is not None:
            if tid is not None and tid in self.pending.candidates:
                self.pending.add_target(tid)
                self._continue()
            return
        if isinstance(tid, int) and self.toggle_pick(tid):
            return
        kind = getattr(it, "zone", None) if isinstance(it, CardItem) else getattr(it, "kind", None)
        if kind in ("graveyard", "exile", "command") and isinstance(it, (CardItem, ZoneItem)):
            self.open_zone.emit(it.seat, kind)

    def activate(self, it: CardItem) -> None:
        """Double-click: play/cast from hand, tap a land for mana, activate an ability,
        toggle an attacker."""
        d = self.decision()
        if d is None or it.obj is None:
            return
        if d.kind == "attackers" and it.obj in d.options["attackers"]:
            if it.obj in self.attacks:
                self.attacks.pop(it.obj)
            else:
                ts = d.options["targets"]
                self.attacks[it.obj] = next((s for s in self.opponents() if s in ts), ts[0])
            self.rebuild()
            self.interaction_changed.emit()
            return
        if d.kind != "priority":
            return
        if it.zone == "battlefield" and it.card.get("tapped") and self.ctl.undo_mana(it.obj):
            return   # tapped for mana by mistake a moment ago: untapped, its mana gone again
        if it.zone == "hand":
            opts = self.hand_options(it.obj)
        elif it.zone == "graveyard":
            opts = self.flashback_options(it.obj)
        elif it.zone == "command":  # a commander cast (903.8); a vanguard's, plane's or scheme's ability (902.7)
            opts = self.command_options(it.obj) + self.options_for(it.obj, ("activate",))
        else:
            opts = self.options_for(it.obj, ("activate",)) + self.special_options(it.obj)
        if not opts:
            self.message.emit(f"{it.name}: nothing to do with it now")
            return
        if len(opts) > 1:
            self.choices = opts
            self.interaction_changed.emit()
            return
        self._start(opts[0])

    def manual_offered(self) -> bool:
        """The engine offers manual actions now: at priority to the controller of an
        unsupported permanent, or while manual mode is open (engine.manual)."""
        d = self.decision()
        if d is None:
            return False
        return d.kind == "manual" or (d.kind == "priority" and {"action": "manual"} in d.options)

    # -- confirmations ------------------------------------------------------------
    def attack_answer(self) -> dict[str, Any]:
        return {"attackers": dict(self.attacks)}

    def block_answer(self) -> dict[str, Any]:
        return {"blockers": {b: [a] for b, a in self.blocks.items()}}
