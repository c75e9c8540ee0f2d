"""Card faces drawn with Pillow from card data (DESIGN: Cards).

A face is drawn at 488x680 (the printed card's proportions): black border, a frame
tinted by the card's colors, a name bar with the mana cost as colored symbols, an art
box, the type line, the rules text and the P/T (or loyalty) box. Faces are cached per
name; ``card_pixmap`` converts them to QPixmaps (also cached) for the table.

No Qt here except in ``card_pixmap``/``back_pixmap``, which import it lazily.
"""
from __future__ import annotations

import hashlib
import io
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPixmap

from app.settings import load_settings
from engine.atomicfile import WriteError, write_atomic
from engine.cardpool import corpus
from engine.cards.db import SCHEMA_VERSION, CardDatabase, default_db_path, schema_version
from engine.datadir import data_dir

W, H = 488, 680

FONT_DIRS = [Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu"),
             Path("/usr/local/share/fonts")]

# frame tints per color: (frame, inner box)
FRAME = {
    "W": ((236, 228, 200), (250, 246, 232)),
    "U": ((96, 150, 205), (214, 230, 243)),
    "B": ((92, 84, 84), (212, 204, 202)),
    "R": ((214, 104, 74), (246, 218, 204)),
    "G": ((84, 150, 94), (214, 234, 212)),
    "M": ((214, 182, 92), (246, 236, 200)),   # multicolored: gold
    "C": ((170, 174, 182), (230, 232, 236)),  # colorless, artifacts
    "L": ((168, 140, 110), (236, 226, 212)),  # lands
}
SYMBOL = {"W": (250, 246, 214), "U": (150, 200, 235), "B": (180, 170, 168), "R": (240, 150, 120),
          "G": (150, 210, 160), "C": (205, 205, 205)}


@dataclass(frozen=True)
class CardFace:
    """What a face shows: the printed characteristics of a card."""

    name: str
    mana_cost: str = ""
    type_line: str = ""
    text: str = ""
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    colors: tuple[str, ...] = ()
    set_code: str = ""      # the newest printing in the card database, where known
    rarity: str = ""        # common, uncommon, rare, mythic, basic, special ("" when unknown)


def _font(size: int, bold: bool = False, serif: bool = False) -> Any:
    name = ("DejaVuSerif" if serif else "DejaVuSans") + ("-Bold" if bold else "") + ".ttf"
    return _font_cached(name, size)


@lru_cache(maxsize=64)
def _font_cached(name: str, size: int) -> Any:
    for d in FONT_DIRS:
        p = d / name
        if p.exists():
            return ImageFont.truetype(str(p), size)
    try:
        return ImageFont.truetype(name, size)
    except OSError:
        return ImageFont.load_default(size)


def symbols(cost: str | None) -> list[str]:
    """'{2}{R}{R}' -> ['2', 'R', 'R']."""
    return re.findall(r"\{([^}]+)\}", cost or "")


def face_colors(face: CardFace) -> tuple[str, ...]:
    if face.colors:
        return face.colors
    out: list[str] = []
    for s in symbols(face.mana_cost):
        for c in "WUBRG":
            if c in s and c not in out:
                out.append(c)
    return tuple(out)


def frame_key(face: CardFace) -> str:
    cols = face_colors(face)
    if "Land" in face.type_line and not symbols(face.mana_cost):
        return "L"
    if len(cols) > 1:
        return "M"
    if len(cols) == 1:
        return cols[0]
    return "C"


# the set emblem's fill and text color per rarity (drawn, not the sets' own symbols)
RARITY = {"common": ((24, 24, 24), (235, 235, 235)), "uncommon": ((176, 188, 198), (20, 20, 20)),
          "rare": ((212, 176, 70), (20, 20, 20)), "mythic": ((226, 98, 34), (20, 20, 20)),
          "basic": ((110, 110, 110), (240, 240, 240)), "special": ((130, 80, 160), (240, 240, 240)),
          "bonus": ((130, 80, 160), (240, 240, 240))}
FACE_VERSION = 2  # part of the disk cache key: faces drawn by an older version are drawn again

_db: Any = None


def _card_db() -> Any:
    """The card database when it is built and current (never builds it: that is the app's
    first start), else None."""
    global _db
    if _db is None:
        _db = False
        try:
            path = default_db_path()
            if path.is_file() and schema_version(path) == SCHEMA_VERSION:
                _db = CardDatabase(path)
        except Exception:  # noqa: BLE001 - no database: faces without a set
            _db = False
    return _db or None


@lru_cache(maxsize=4096)
def printing_for(name: str, set_code: str = "") -> tuple[str, str]:
    """(set code, rarity) of the card's printing in ``set_code`` (a booster's set: the face a
    limited player opened) when the card database has one, else of its newest printing; or ("", "")."""
    db = _card_db()
    if db is None or not name:
        return "", ""
    try:
        ps = db.printings(name)
    except Exception:  # noqa: BLE001 - a broken database: no set shown
        return "", ""
    if not ps:
        return "", ""
    chosen = ps[-1]
    want = set_code.strip().upper()
    if want:
        chosen = next((p for p in reversed(ps) if p.set_code.upper() == want), chosen)
    return chosen.set_code.upper(), (chosen.rarity or "").lower()


@lru_cache(maxsize=4096)
def face_for(name: str, set_code: str = "") -> CardFace:
    """A face from the embedded oracle corpus (the same data the game uses); a bare face if unknown.
    The set symbol is that of the printing in ``set_code`` when given (see ``printing_for``)."""
    try:
        r = corpus().get(name.lower())
    except Exception:  # no corpus installed: still draw the name
        r = None
    if r is None:
        return CardFace(name=name, type_line="Token" if name else "")
    cols = tuple(c for c in "WUBRG" if c in "".join(symbols(r.get("manaCost"))))
    if not cols and "Land" in (r.get("types") or []):
        cols = tuple(r.get("colorIdentity") or ())
    printed_set, rarity = printing_for(r["name"], set_code)
    return CardFace(name=r["name"], mana_cost=r.get("manaCost") or "", type_line=r.get("type") or "",
                    text=r.get("text") or "", power=r.get("power"), toughness=r.get("toughness"),
                    loyalty=r.get("loyalty"), colors=cols, set_code=printed_set, rarity=rarity)


def _draw_symbol(d: ImageDraw.ImageDraw, x: int, y: int, r: int, sym: str) -> None:
    fill = SYMBOL.get(sym, SYMBOL["C"]) if len(sym) == 1 else SYMBOL["C"]
    if "/" in sym:  # hybrid or Phyrexian: the first color
        fill = SYMBOL.get(sym[0], SYMBOL["C"])
    d.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=(20, 20, 20), width=2)
    label = {"T": "↷", "Q": "↶"}.get(sym, sym if len(sym) <= 2 else sym[:2])
    f = _font(int(r * 1.25), bold=True)
    d.text((x, y + 1), label, font=f, fill=(20, 20, 20), anchor="mm")


def _wrap(d: ImageDraw.ImageDraw, text: str, font: Any, width: int) -> list[str]:
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split()
        cur = ""
        for w in words:
            t = (cur + " " + w).strip()
            if d.textlength(t, font=font) <= width:
                cur = t
            else:
                if cur:
                    lines.append(cur)
                cur = w
        lines.append(cur)
    return lines


def _fit(d: ImageDraw.ImageDraw, text: str, box_w: int, start: int, bold: bool = True) -> Any:
    size = start
    f = _font(size, bold=bold)
    while size > 12 and d.textlength(text, font=f) > box_w:
        size -= 1
        f = _font(size, bold=bold)
    return f


@lru_cache(maxsize=512)
def render_face(face: CardFace) -> Image.Image:
    """The face as an RGBA 488x680 image."""
    frame, inner = FRAME[frame_key(face)]
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, W - 1, H - 1), radius=26, fill=(16, 16, 16))
    d.rounded_rectangle((18, 18, W - 19, H - 19), radius=12, fill=frame)
    # name bar
    d.rounded_rectangle((30, 30, W - 31, 82), radius=14, fill=inner, outline=(30, 30, 30), width=2)
    syms = symbols(face.mana_cost)
    r = 16
    cost_w = len(syms) * (2 * r + 3)
    x = W - 44 - r
    for s in reversed(syms):
        _draw_symbol(d, x, 56, r, s)
        x -= 2 * r + 3
    nf = _fit(d, face.name, W - 90 - cost_w, 30)
    d.text((44, 56), face.name, font=nf, fill=(15, 15, 15), anchor="lm")
    # art box: a soft gradient in the frame color with the type's initial
    top, bot = 92, 372
    for i in range(bot - top):
        t = i / (bot - top)
        c = tuple(int(frame[k] * (0.55 + 0.35 * t) + 40 * (1 - t)) for k in range(3))
        d.line((38, top + i, W - 39, top + i), fill=c)
    d.rectangle((38, top, W - 39, bot), outline=(30, 30, 30), width=3)
    initial = (face.name[:1] or "?").upper()
    d.text((W // 2, (top + bot) // 2), initial, font=_font(150, bold=True, serif=True),
           fill=tuple(min(255, v + 50) for v in frame), anchor="mm")
    # type line
    d.rounded_rectangle((30, 380, W - 31, 428), radius=12, fill=inner, outline=(30, 30, 30), width=2)
    emblem_w = _set_emblem(d, face) if face.set_code else 0
    tf = _fit(d, face.type_line, W - 90 - emblem_w, 24)
    d.text((44, 404), face.type_line, font=tf, fill=(15, 15, 15), anchor="lm")
    # rules text, shrunk until it fits
    box = (40, 438, W - 41, H - 40)
    d.rectangle(box, fill=inner, outline=(30, 30, 30), width=2)
    text = face.text.replace("{T}", "(T)").replace("{Q}", "(Q)")
    text = re.sub(r"\{([^}]+)\}", r"\1", text)
    if text:
        bw, bh = box[2] - box[0] - 24, box[3] - box[1] - 20 - (40 if face.power or face.loyalty else 0)
        size = 24
        while True:
            f = _font(size, serif=True)
            lines = _wrap(d, text, f, bw)
            lh = int(size * 1.22)
            if len(lines) * lh <= bh or size <= 11:
                break
            size -= 1
        y = box[1] + 12
        for ln in lines:
            d.text((box[0] + 12, y), ln, font=f, fill=(10, 10, 10))
            y += lh
    # P/T or loyalty
    pt = f"{face.power}/{face.toughness}" if face.power is not None else (face.loyalty or "")
    if pt:
        d.rounded_rectangle((W - 150, H - 80, W - 28, H - 28), radius=12, fill=inner,
                            outline=(20, 20, 20), width=3)
        d.text((W - 89, H - 54), pt, font=_font(32, bold=True), fill=(10, 10, 10), anchor="mm")
    return img


def _set_emblem(d: ImageDraw.ImageDraw, face: CardFace) -> int:
    """The set and rarity at the right of the type line: the set code on a badge in the
    rarity's color (a drawn stand-in for the printed set symbol). Returns the width used."""
    fill, ink = RARITY.get(face.rarity, ((200, 200, 200), (20, 20, 20)))
    f = _font(17, bold=True)
    label = face.set_code[:4]
    w = int(d.textlength(label, font=f)) + 18
    x1, y0, y1 = W - 42, 389, 419
    x0 = x1 - w
    d.rounded_rectangle((x0, y0, x1, y1), radius=9, fill=fill, outline=(15, 15, 15), width=2)
    d.text(((x0 + x1) // 2, (y0 + y1) // 2 + 1), label, font=f, fill=ink, anchor="mm")
    return w + 10


@lru_cache(maxsize=1)
def render_back() -> Image.Image:
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, W - 1, H - 1), radius=26, fill=(16, 16, 16))
    d.rounded_rectangle((18, 18, W - 19, H - 19), radius=14, fill=(92, 60, 36))
    d.ellipse((60, 110, W - 60, H - 110), fill=(150, 104, 60), outline=(40, 26, 14), width=8)
    d.ellipse((120, 200, W - 120, H - 200), fill=(70, 110, 160), outline=(30, 30, 40), width=6)
    d.text((W // 2, H // 2), "M", font=_font(130, bold=True, serif=True), fill=(230, 210, 160), anchor="mm")
    return img


_pixmaps: dict[tuple[str | int, ...], Any] = {}


def _to_pixmap(img: Image.Image, w: int, h: int) -> Any:
    """A QPixmap of ``img`` at w x h that owns its pixels. (PIL.ImageQt's QImage points into a
    Python buffer that Python may free while the pixmap still shares it: a crash in a later
    paint.) Qt scales it (smooth, area-averaging when it shrinks): about a millisecond where
    Pillow's Lanczos took 6-12 ms of the table's update the first time a card was shown (issue
    18, app.ai_bench: an opponent's card first seen on the stack)."""
    full = img.convert("RGBA")
    data = full.tobytes("raw", "RGBA")
    qi = QImage(data, full.width, full.height, full.width * 4, QImage.Format.Format_RGBA8888)
    if (full.width, full.height) == (w, h):
        qi = qi.copy()  # copy(): Qt owns the pixels
    else:  # a new image that owns its pixels
        qi = qi.scaled(w, h, Qt.AspectRatioMode.IgnoreAspectRatio, Qt.TransformationMode.SmoothTransformation)
    return QPixmap.fromImage(qi)


_settings: dict[str, Any] | None = None


def reset() -> None:
    """Forget pixmaps and settings (after the settings change)."""
    global _settings, _db
    _settings = None
    if not _db:   # not opened (or not there before): look for the card database again
        _db = None
        printing_for.cache_clear()
        face_for.cache_clear()
    _pixmaps.clear()


def _image_folder() -> Path | None:
    global _settings
    if _settings is None:
        try:
            _settings = load_settings()
        except Exception:  # noqa: BLE001 - no settings: draw faces
            _settings = {}
    d = _settings.get("card_images")
    return Path(d) if isinstance(d, str) and d and Path(d).is_dir() else None


def _safe(name: str) -> str:
    return "".join(c for c in name if c not in '/\\:*?"<>|')


def cache_dir() -> Path:
    return data_dir() / "faces"


def clear_disk_cache() -> None:
    for f in cache_dir().glob("*.png") if cache_dir().exists() else ():
        f.unlink(missing_ok=True)
    _pixmaps.clear()


def face_image(name: str, set_code: str = "") -> Image.Image:
    """The picture of a card: the user's image when their folder has one, else the drawn
    face (of its printing in ``set_code`` when given) from the disk cache (drawn and stored on first use)."""
    folder = _image_folder()
    if folder is not None:
        for ext in (".jpg", ".jpeg", ".png", ".webp"):
            f = folder / (_safe(name) + ext)
            if f.is_file():
                try:
                    return Image.open(f).convert("RGBA")
                except OSError:
                    break  # a broken image: draw the face instead
    face = face_for(name, set_code)
    # keyed by everything drawn (set and rarity included) and the drawing's version, so
    # faces cached before a change are drawn again
    key = hashlib.sha1(f"{FACE_VERSION}:{face!r}".encode("utf-8")).hexdigest()[:20]
    path = cache_dir() / f"{key}.png"
    try:
        if path.is_file():
            return Image.open(path).convert("RGBA")
    except OSError:
        pass
    img = render_face(face)
    buf = io.BytesIO()
    img.save(buf, "PNG")
    try:
        write_atomic(path, buf.getvalue())
    except WriteError:
        pass  # a read-only or full data folder: still show the face, drawn again next time
    return img


def card_pixmap(name: str, w: int, h: int, set_code: str = "") -> Any:
    """A QPixmap of the named card's face at w x h, cached in memory (and the face on disk);
    ``set_code`` asks for that set's printing (the set symbol of a booster's card)."""
    key: tuple[str | int, ...] = (name, w, h, set_code.upper()) if set_code else (name, w, h)
    pm = _pixmaps.get(key)
    if pm is None:
        pm = _pixmaps[key] = _to_pixmap(face_image(name, set_code), w, h)
    return pm


def back_pixmap(w: int, h: int) -> Any:
    key = ("\0back", w, h)
    pm = _pixmaps.get(key)
    if pm is None:
        pm = _pixmaps[key] = _to_pixmap(render_back(), w, h)
    return pm


__all__ = ["CardFace", "back_pixmap", "card_pixmap", "face_for", "render_back", "render_face", "symbols"]
