"""Where each seat sits on the table: the geometry of 2 to 6 seats (issue 17, item 4).

Pure layout, no items: ``seat_layout(order, me)`` gives a ``SeatBox`` per player, the seat
played at the bottom at full size and the opponents around the top in turn order,
clockwise from the bottom player's left (a table seen from above: the next player in turn
order sits at your left, 101.4 reads APNAP "in turn order"). With two seats it is the
two-player table of issue 5, unchanged. With more, opponents get boxes in the top band:

- two or three opponents: side by side, left to right;
- four or five: a U around the table, the first (your left) and the last (your right)
  in the lower row at the sides, the others across the top.

In Two-Headed Giant (810) teammates sit on one side of the table (810.3): the other team
across the top of the band, your teammates in its lower row, beside your half of the table;
each box knows its ``team`` (1 or 2, in the order of the view's ``teams``).

An opponent's box has a hand strip: the hand's cards face down, each face up where the seat
shown knows it (a reveal, a look: engine/knowledge.py), and a Two-Headed Giant teammate's
hand face up (810.5).

Each box holds the player's panel (life, hand and library counts, commander badges), the
piles (graveyard, exile, command zone; the library too when there is room) and the
battlefield's two rows (lands away from you, other permanents toward the middle), their
cards scaled to the box.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QRectF

SCENE_W, SCENE_H = 1600, 1000
LEFT_W = 200          # player panels (two seats)
RIGHT_X = 1340        # piles and stack
MAIN_X, MAIN_W = 210, RIGHT_X - 220
BF_W, BF_H = 90, 126  # a card on the battlefield
HAND_W, HAND_H = 110, 154
TOP_HAND = (64, 90)    # the opponent's hidden hand, smaller
PILE_W, PILE_H = 76, 106  # library, graveyard, exile
MID_Y = 500
COMMAND_CARD = (61, 85)   # a commander in the command zone (two seats)
# rows (y, height) for the player at the bottom ("me") and at the top ("them")
ROWS_ME = {"creatures": (508, 152), "lands": (664, 134), "hand": (802, 190)}
ROWS_THEM = {"hand": (8, 96), "lands": (108, 134), "creatures": (246, 152)}

# more than two seats: the table is taller (the opponents' band grows; you keep your size)
MULTI_DY = 110                               # how much lower your half sits
MULTI_SCENE_H = SCENE_H + MULTI_DY
OPP_BAND = QRectF(0, 0, RIGHT_X - 4, 456 + MULTI_DY)   # the opponents' boxes share this band
MULTI_PANEL_W = 156                          # an opponent's panel and piles column
MULTI_HAND_H = 62                            # an opponent's hand strip (its cards face down but known ones)
MULTI_BF_MAX = (72, 100)                     # an opponent's battlefield card at most
MULTI_STACK = QRectF(RIGHT_X - 2, 4, SCENE_W - RIGHT_X - 6, 700 + MULTI_DY)
MULTI_STOPS_Y = 494 + MULTI_DY
MULTI_TEXT_Y = 462 + MULTI_DY    # the turn line, just under the opponents' band


@dataclass
class SeatBox:
    """One seat's part of the table, in scene coordinates."""

    seat: str
    bottom: bool                       # the seat played here (full size, hand face up)
    area: QRectF                       # the whole seat: highlights, and attacks dropped on it
    panel: QRectF                      # the player's panel (PlayerItem)
    rows: dict[str, QRectF]            # "creatures", "lands" and (two seats) "hand"
    card: tuple[int, int]              # a battlefield card
    hand_card: tuple[int, int]         # a hand card (face up for the bottom seat)
    piles: dict[str, QRectF] = field(default_factory=dict)   # library/hand/graveyard/exile/command zones
    pile_card: tuple[int, int] = (PILE_W, PILE_H)
    command_card: tuple[int, int] = (0, 0)   # a card in the command zone (0: the pile card's size)
    compact: bool = False              # an opponent's small panel (more than two seats)
    team: int = 0                      # Two-Headed Giant: the seat's team, 1 or 2 (0: no teams)
    mate: bool = False                 # a teammate of the seat played here (810.5: hand face up)


def teams_of(v: dict[str, Any]) -> list[list[str]] | None:
    """A view's teams in Two-Headed Giant (810.1), else None."""
    return v.get("teams") if v.get("variant") == "two_headed_giant" else None


def team_turn(v: dict[str, Any], seat: str | None) -> bool:
    """Is it ``seat``'s turn in view ``v``: the active player's, or with shared team turns
    (805.4, 810.2) any player's of the active player's team."""
    teams = teams_of(v)
    if not teams:
        return v["active"] == seat
    return any(v["active"] in t and seat in t for t in teams)


def rotate(order: list[str], me: str) -> list[str]:
    """The turn order starting with ``me``: me, my left neighbour, ..., my right neighbour."""
    if me not in order:
        return list(order)
    i = order.index(me)
    return order[i:] + order[:i]


def opponent_slots(k: int, band: QRectF = OPP_BAND) -> list[QRectF]:
    """``k`` boxes for the opponents in the band, in clockwise order from the left."""
    x0, y0, w, h = band.x(), band.y(), band.width(), band.height()
    if k <= 3:
        cw = w / k
        return [QRectF(x0 + i * cw, y0, cw, h) for i in range(k)]
    half = h / 2
    top = k - 2
    cw = w / top
    side_w = w / 2
    left = QRectF(x0, y0 + half, side_w, half)
    right = QRectF(x0 + w - side_w, y0 + half, side_w, half)
    return [left] + [QRectF(x0 + i * cw, y0, cw, half) for i in range(top)] + [right]


def _two_seats(me: str, them: str) -> dict[str, SeatBox]:
    """The two-player table (issue 5): you at the bottom, the opponent at the top."""
    out = {}
    for seat, rows, top in ((me, ROWS_ME, False), (them, ROWS_THEM, True)):
        panel = QRectF(8, 10 if top else SCENE_H - 190, LEFT_W - 16, 180)
        y = 10 if top else SCENE_H - 250
        piles = {kind: QRectF(RIGHT_X + i * (PILE_W + 8) - 2, y, PILE_W + 4, PILE_H + 26)
                 for i, kind in enumerate(("library", "graveyard", "exile"))}
        # the command zone (408) under the piles: a commander shows there at pile size
        piles["command"] = QRectF(RIGHT_X - 2, y + PILE_H + 30, 3 * (PILE_W + 8) - 2, COMMAND_CARD[1] + 24)
        out[seat] = SeatBox(
            seat, not top, QRectF(0, 0 if top else MID_Y, SCENE_W, MID_Y), panel,
            {k: QRectF(MAIN_X, y_, MAIN_W, h) for k, (y_, h) in rows.items()},
            (BF_W, BF_H), TOP_HAND if top else (HAND_W, HAND_H), piles, command_card=COMMAND_CARD)
    return out


def _card_for(row_h: float) -> tuple[int, int]:
    """The largest battlefield card (5:7, at most MULTI_BF_MAX) that fits a row's height."""
    ch = min(MULTI_BF_MAX[1], row_h - 14)
    cw = int(min(MULTI_BF_MAX[0], round(ch * BF_W / BF_H)))
    return cw, round(cw * BF_H / BF_W)


def _opponent_box(seat: str, r: QRectF) -> SeatBox:
    """An opponent's box at a table of three or more. A tall box (one row of opponents)
    has the panel and the piles across its top and the battlefield's two rows under them;
    a low one (two rows of opponents) has the panel and piles in a column at its left and
    the rows beside it. Lands are the row away from the middle, the rest toward it."""
    pad, gap = 4, 4
    inner = r.adjusted(pad, pad, -pad, -pad)
    kinds: tuple[str, ...]
    if inner.height() >= 300:
        head = 120.0
        panel = QRectF(inner.x(), inner.y(), MULTI_PANEL_W, head)
        kinds = ("library", "graveyard", "exile", "command")
        room = inner.width() - MULTI_PANEL_W - gap
        pw = int(max(24, min(60, room / len(kinds) - 4 - gap, (head - 20) / 1.4)))
        ph = int(pw * 1.4)
        x0 = inner.x() + MULTI_PANEL_W + gap
        piles = {k: QRectF(x0 + i * (pw + 4 + gap), inner.y(), pw + 4, ph + 20) for i, k in enumerate(kinds)}
        hand = QRectF(inner.x(), inner.y() + head + gap, inner.width(), MULTI_HAND_H)
        top = hand.bottom() + gap
        rh = (inner.bottom() - top) / 2
        rows = {"hand": hand, "lands": QRectF(inner.x(), top, inner.width(), rh - 2),
                "creatures": QRectF(inner.x(), top + rh + 2, inner.width(), rh - 2)}
    else:
        panel_h = min(120.0, inner.height() * 0.52)
        panel = QRectF(inner.x(), inner.y(), MULTI_PANEL_W, panel_h)
        kinds = ("graveyard", "exile", "command")
        room_h = inner.height() - panel_h - gap
        pw = int(max(24, min((MULTI_PANEL_W - 2 * gap) / 3 - 4, (room_h - 20) / 1.4)))
        ph = int(pw * 1.4)
        piles = {k: QRectF(inner.x() + i * (pw + 4 + gap), inner.y() + panel_h + gap, pw + 4, ph + 20)
                 for i, k in enumerate(kinds)}
        bx = inner.x() + MULTI_PANEL_W + 8
        hh = min(MULTI_HAND_H, inner.height() * 0.22)
        hand = QRectF(bx, inner.y(), inner.right() - bx, hh)
        top = hand.bottom() + gap
        rh = (inner.bottom() - top) / 2
        rows = {"hand": hand, "lands": QRectF(bx, top, inner.right() - bx, rh - 2),
                "creatures": QRectF(bx, top + rh + 2, inner.right() - bx, rh - 2)}
    card = _card_for(rows["lands"].height())
    return SeatBox(seat, False, QRectF(r), panel, rows, card, _hand_card(rows["hand"].height()), piles, (pw, ph),
                   compact=True)


def _hand_card(row_h: float) -> tuple[int, int]:
    """An opponent's hand card at a table of three or more (5:7, a little under its strip's
    height): face down, or face up where the seat shown knows it (a reveal; a Two-Headed Giant
    teammate's hand, 810.5)."""
    ch = int(max(20, row_h - 8))
    return round(ch * 5 / 7), ch


def _bottom_box(seat: str) -> SeatBox:
    """The seat played here at a table of three or more: the two-player bottom half, lower
    by MULTI_DY on the taller table."""
    b = _two_seats(seat, "")[seat]
    b.panel = b.panel.translated(0, MULTI_DY)
    b.rows = {k: r.translated(0, MULTI_DY) for k, r in b.rows.items()}
    b.piles = {k: r.translated(0, MULTI_DY) for k, r in b.piles.items()}
    b.area = QRectF(0, OPP_BAND.bottom(), SCENE_W, MULTI_SCENE_H - OPP_BAND.bottom())
    return b


def scene_height(n_seats: int) -> int:
    """The table's height in scene units (its width is always SCENE_W)."""
    return SCENE_H if n_seats <= 2 else MULTI_SCENE_H


def seat_layout(order: list[str], me: str, teams: list[list[str]] | None = None) -> dict[str, SeatBox]:
    """Every seat's box, ``me`` at the bottom; the opponents in turn order from my left. With
    ``teams`` (Two-Headed Giant) the other team sits across the top and my teammates in the
    row between them and me (team_slots)."""
    seats = rotate(order, me)
    if len(seats) <= 2:
        them = seats[1] if len(seats) > 1 else ""
        boxes = _two_seats(seats[0], them)
        return {s: b for s, b in boxes.items() if s}
    out = {seats[0]: _bottom_box(seats[0])}
    if teams:
        team_no = {n: k + 1 for k, t in enumerate(teams) for n in t}
        mine = team_no.get(seats[0])
        mates = [s for s in seats[1:] if team_no.get(s) == mine]
        across = [s for s in seats[1:] if team_no.get(s) != mine]
        for seat, r in zip(across + mates, team_slots(len(across), len(mates))):
            out[seat] = _opponent_box(seat, r)
            out[seat].mate = seat in mates
        for seat, box in out.items():
            box.team = team_no.get(seat, 0)
        return out
    for seat, r in zip(seats[1:], opponent_slots(len(seats) - 1)):
        out[seat] = _opponent_box(seat, r)
    return out


def team_slots(across: int, mates: int, band: QRectF = OPP_BAND) -> list[QRectF]:
    """Two-Headed Giant (810.3, teams sit together): the other team's ``across`` boxes side by
    side in the top half of the band, then my ``mates`` teammates' boxes side by side in its
    lower half, next to my part of the table; each row left to right in turn order."""
    x0, y0, w, h = band.x(), band.y(), band.width(), band.height()
    half = h / 2
    out = [QRectF(x0 + i * w / across, y0, w / across, half) for i in range(across)]
    return out + [QRectF(x0 + i * w / mates, y0 + half, w / mates, half) for i in range(mates)]


def stack_rect(n_seats: int) -> QRectF:
    """The stack's zone: the right column's middle (two seats), or all its top (more)."""
    if n_seats <= 2:
        return QRectF(RIGHT_X - 2, 290, SCENE_W - RIGHT_X - 6, 420)
    return QRectF(MULTI_STACK)


def stops_y(n_seats: int) -> int:
    return 380 if n_seats <= 2 else MULTI_STOPS_Y


def text_y(n_seats: int) -> tuple[int, int]:
    """Where the turn line and the hint line go."""
    return (MID_Y - 96, MID_Y - 66) if n_seats <= 2 else (MULTI_TEXT_Y, MULTI_TEXT_Y + 26)
