"""The effect readers: one module per family, one ordered table (engine/cards/compiler/effects)."""
from __future__ import annotations

import importlib
import pkgutil

from engine.cards.compiler import effects
from engine.cards.compiler.effects import Ctx, Reader, parse_effects
from engine.cards.compiler.effects import amounts, sequence


def _family_modules():
    for info in pkgutil.iter_modules(effects.__path__):
        yield importlib.import_module(f"{effects.__name__}.{info.name}")


def test_every_reader_is_in_its_family_list_and_in_the_table():
    table = set(map(id, sequence._TABLE))
    seen = 0
    for mod in _family_modules():
        defined = [v for v in vars(mod).values() if isinstance(v, Reader) and v.read.__module__ == mod.__name__]
        # READERS, and any other list of the module's readers the table places apart (tokens.BEFORE_ZONES)
        listed = {id(r): r for v in vars(mod).values() if isinstance(v, tuple) and v
                  and all(isinstance(x, Reader) for x in v) for r in v if r.read.__module__ == mod.__name__}.values()
        assert {id(r) for r in defined} == {id(r) for r in listed}, mod.__name__
        assert all(id(r) in table for r in listed), mod.__name__
        seen += len(listed)
    assert seen == len(sequence._TABLE) > 100


def test_amounts_for_each_and_where_x():
    c = Ctx()
    assert amounts.scaled("two", None, c) == 2
    assert amounts.scaled("a", "creature you control", c) == {"count": {"types": ["Creature"], "controller": "you"}}
    assert amounts.scaled("two", "creature you control", c) == {
        "times": 2, "of": {"count": {"types": ["Creature"], "controller": "you"}}}
    assert amounts.bind_x("the number of cards in your hand", c) and c.x == {"hand_of": "you"}
    assert amounts.amount_of("x", c) == {"hand_of": "you"}
    assert not amounts.bind_x("the number of times you blinked this turn", Ctx())
    assert amounts.equal_to("its power", its="self") == {"power_of": "self"}
    assert amounts.amount_of("that many", Ctx()) == {"that_much": True}


def test_draw_n_for_each_keeps_n():
    effs = parse_effects("Draw two cards for each creature you control.", Ctx())
    assert effs is not None and effs[0].args["amount"]["times"] == 2
