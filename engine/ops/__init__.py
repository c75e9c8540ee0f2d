"""More effect primitives of the op contract (engine/cards/abilities.py), registered into
engine.effects.OPS by importing their modules (engine/effects.py imports this package last).

  library.py  dig, reveal_until, exile_top (looking at and moving cards of a library)
  misc.py     pay, unless, exchange_control, win_game, lose_game, reveal, emblem
              (and "may" learns that "you may pay ..." cannot be chosen when it can't be paid)
  actions.py  action: proliferate, amass, explore, bolster, adapt, populate, connive, fateseal
  nested.py   running nested effects that ask questions of their own (sub-slots, resumable)
  ward.py     ward: counter the spell or ability that targeted, unless its controller pays
  poison.py   poison: players get poison counters (121.1c)
"""
from engine.ops import actions, library, misc, poison, ward  # noqa: F401
