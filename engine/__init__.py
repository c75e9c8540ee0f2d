r"""manatable's rules engine: headless, no Qt (a test enforces this).

Layers, lowest first. A module imports only modules of its own layer or of lower ones,
and the imports form no loop (tests/test_layering.py reads this list and checks both;
imports under ``if TYPE_CHECKING:`` are for type hints only and do not count). A name
covers its submodules unless one of them is listed on its own. Rules modules reach what
is above them only through the game object they are given (``g.move``, ``g.chars``,
``g.OPS``), never by importing it.

     0  errors memo mana rng atomicfile datadir bugreport
     1  cards decks.model decks.xmlsafe decks.files
     2  seats extra_phases knowledge state decision_kinds ability_index filters choices until view opening
     2  cardpool commander player_control cast_as prepare graveyard_order
     3  layers protection player_statics values object_statics
     4  targets zones_cast cast_options replacement redirect bestow prototype overload awaken splice
     5  triggers tapping
     6  actions clone transform entering dredge
     7  payment position facedown mutate saga phasing dungeon planechase archenemy vanguard conspiracy licid rooms
     8  ops
     9  effects costs combat sba leave contract loops
    10  support
    11  manual
    12  casting
    13  decisions shortcuts
    14  game
    15  setup session ai bench bench_layers randomdeck rulescov
    16  secrecy fuzz scenario ai.match ai.puzzle net decks cards.coverage cards.compile_cache cards.__main__
    16  ai.fit cards.archetypes cards.bench cards.bench_suggest

  0  plain data and helpers: errors, per-object memo, mana symbols and pools (106, 107), the
     game's random stream (701.16a), atomic file writes, the data folder,
     bug reports of engine faults
  1  card data and the oracle-text compiler (engine/cards); deck files read and written as
     plain data (engine/decks: model, files), so a benchmark can read a sample deck
  2  the seats in turn order and who is still in the game (101.4, 800.4), extra phases and
     steps (500.8), what each player
     knows of hidden cards (400.2), the state (objects 109, players 102,
     decisions), ability lists, filters, choices (614.12), durations (610.3), the players'
     view, opening hands (103.5), the card pool, the Commander variant (903), who controls a
     player (712), a spell cast as another card (bestow, prototype), prepared permanents (a later mechanic),
     the order of cards put into a graveyard at once (404.3)
  3  characteristics and layers (613), protection (702.16), player statics, the expression
     evaluator (references, amounts, conditions: 608.2c-h), objects' own statics
  4  targets (114-115, 608.2b), casting from other zones (601.2a), the keyword ways of casting
     (alternative and additional costs, convoke, delve: 601.2b, 601.2f-h), replacement (614-616), redirection (614.9),
     bestow (702.102), prototype (a later keyword), overload (702.95), awaken (702.112), splice (702.46)
  5  triggered abilities (603), tapping and untapping (701.17) with their events
  6  game actions (damage 120, life 119, destroy 701.6, sacrifice 701.14, tokens 111.1),
     entering as a copy (706.5), transforming (701.25, 711), paying life as a
     permanent enters (614.12), dredge (702.51: replacing a draw)
  7  mana payment (601.2g-h, 605.3), a scenario's position, Saga lore counters and chapters (a later rule),
     phasing (702.25: an effect primitive phases a permanent out), dungeons and venturing (a later rule), the
     casual variants' nontraditional cards: Planechase (901), Archenemy (904), Vanguard (902), conspiracies (905.4),
     effects a player may end by paying (115.2c: the Licids), Rooms' doors (a later layout)
  8  effect primitives (engine/ops; one table, OPS)
  9  the resolver (608), costs with choices (601.2h, 118), combat (506-511), SBAs (704),
     a player leaving the game (800.4), the walk of compiled data against the runtime
     (engine/contract.py), loops of mandatory actions (716.4, 801.16) and fragmented loops (716.3)
 10  what is supported; 11 manual play of the rest
 12  casting, activating, playing lands (601, 602, 305)
 13  decisions as the players see them, shortcuts (716.2); 14 the game loop (500-514, 116)
 15+ sessions, bots, random decks, tools (fuzz, secrecy checks, scenarios)

Finding a rule's code. Docstrings and comments cite the Comprehensive Rules of April 8,
2016 by number (docs/rules/MagicCompRules_20160408.txt), so a search for the number finds
the code that carries the rule out, its subrules with it:

    grep -rnE '\b510\.1[a-z]?\b' engine/             # combat damage assignment: combat.py, ...
    grep -rlE '\b510\.1[a-z]?\b' tests/scenarios/    # the scenarios that prove it (rules: lines)

A keyword's rule is its 702 number (engine/cards/compiler/keywords.py, CR_2016; a keyword
printed later says which set introduced it). tests/test_rule_citations.py checks that every
number cited in engine/ exists in the 2016 text and that a keyword's heading matches its
number; ``python -m engine.scenario --rules-coverage tests/scenarios`` lists the rules the
scenarios exercise.

Adding an effect primitive: a function with ``@op("name")`` in the engine/ops module of its
family (engine/ops/__init__.py lists them; a new module is one line in its MODULES). OPS is
built there and only there; the compiler's effects and "supported" (engine/support.py) read it.

Adding a decision kind: its member of ``DecisionKind``, its answer's TypedDict in ANSWERS and
its options' type in OPTIONS (engine/decision_kinds.py), and its handler in ANSWER_HANDLERS
(engine/game.py, the one dispatch from a decision to the code that carries out its answer);
tests/test_engine_decisions.py checks that the four agree.
"""

__version__ = "0.1.0"
