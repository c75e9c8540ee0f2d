"""Compiled card behaviour: plain, immutable data the rules engine executes.

The oracle compiler (engine/cards/compiler/) turns a card's text into a CardDef: its
characteristics (CR 109.3), keyword abilities (CR 702) and a tuple of Ability objects
over a closed set of effect primitives (engine/effects.py executes them). Nothing here
refers to a game; a CardDef is shared by every object that is a copy of that card.
Everything is JSON-able (``CardDef.to_dict()``); treat it as read-only.

THE OP CONTRACT
===============

An Ability's ``effects`` run in order (CR 608.2c). Each Effect is ``Effect(op, args)``.

References (who/what an effect acts on)
---------------------------------------
  "self"                 the source object (the card itself)
  "you"                  the source's controller
  {"target": i}          the i-th TargetSpec of the ability (a TargetSpec with count > 1 means all chosen)
  {"each": FILTER}       every object (or player) matching FILTER at resolution
  "it"                   the object the trigger event is about (the creature that died, the spell cast,
                         the card milled ...); in a one-shot sentence after a targeted one: that target
  "created"              the token(s) created by the previous "token" effect of this ability
  "attached"             the object the source (Aura/Equipment) is attached to (CR 301.5, 303.4)
  "each_player", "each_opponent", "an_opponent" (the controller chooses one), "each_other_player"
  "defending_player"     (CR 506.2)
  {"controller_of": REF}, {"owner_of": REF}
  {"graveyard_of": PLAYER_REF}   a player's whole graveyard (only with exile)
  {"choose": FILTER, [amount: n], [chooser: PLAYER_REF], [up_to]}   n (default 1) objects or cards matching FILTER,
                         chosen on resolution by chooser (default: the controller); not targeted ("return another
                         creature you control to its owner's hand", "each opponent exiles a card from their hand":
                         owner "chooser" = the choosing player)
  "attacked"             the player or planeswalker the source is attacking
  "it" for a batch trigger ("whenever one or more creatures you control attack, they ...") is all of them
  "trigger_player"       the player the trigger event is about ("whenever an opponent discards a card,
                         that player ...", "deals combat damage to a player, that player ...")
  "exiled"               the card(s) exiled by the previous exile_top effect (or exiled to pay a cost)
  "damaged"              the creature the trigger's source dealt combat damage to ("whenever SELF deals combat
                         damage to a creature, destroy that creature")
  "sacrificed", "discarded"   the object sacrificed / card discarded to pay this spell's or ability's cost

Amounts
-------
  int | {"x": True} (the value of X; {"x": True, "negate": True} is -X) | "all" (discard)
  {"count": FILTER}            number of objects/players matching
  {"times": n, "of": AMOUNT}   n × amount
  {"plus": [AMOUNT, AMOUNT]}
  {"power_of": REF} {"toughness_of": REF} {"mv_of": REF}
  {"domain": "you"} (basic land types among lands you control) {"graveyard_types": "you"} (card types among
  cards in your graveyard) {"drawn_this_turn": "you"} (cards you've drawn this turn)
  {"life_of": "you"} {"hand_of": "you"|"that_player"} {"life_gained_this_turn": "you"}
  {"that_much": True}          the number the trigger event carries ("that much damage", "that many")
  {"greatest": "power"|"toughness"|"mv", "among": FILTER}   the greatest value among matching objects
  {"count_this_way": FILTER, "action": "milled"|"discarded"|...}  cards affected by the previous effect
  {"counters_on": REF, "kind": K}   the number of such counters on it ("double the number of counters")
  An optional "per": AMOUNT on pump/add_mana/anthem multiplies the base value ("+1/+1 for each ...").

Object filters (FILTER)
-----------------------
A dict; every key present must hold (absent key = no constraint):
  types: [T, ...]        has ANY of these card types          and_types: [T, ...]  also has ALL of these
  subtypes: [S, ...]     has ANY of these subtypes            not_types / not_subtypes / not_colors
  supertypes / not_supertypes: ["Legendary"|"Basic"|"Snow"]
  colors: [C, ...]       is ANY of these colors (letters WUBRG); colorless / multicolored / monocolored: True
  controller: "you"|"opponent"|"not_you"|"any"|"defending_player"|"its_controller"|REF
  owner: "you"|"opponent"|REF
  other: True            not the source itself
  tapped: bool; attacking / blocking / in_combat: bool; token: bool; face_down; enchanted; equipped
  keyword / not_keyword: "Flying"          counter: "+1/+1" (has such a counter)
  power_le/power_ge/power_eq, toughness_le/ge/eq, mv_le/mv_ge/mv_eq: int or {"x": True}
  power_lt_self: "power"  power_gt_self: "power"  damaged_this_turn: True  name: "SELF" (same name as the source)
  zone: "battlefield" (default) | "graveyard" | "hand" | "library" | "exile" | "stack" (a spell)
        | "any_card" (a card wherever the sentence says; search/dig use their own zone)
  player: True [opponent: True]   a player (alone, or with types: "creature or player")
  any: True              "any target": a creature, player, planeswalker or battle (wording not in 2016 rules; CR 114)
  or: [FILTER, ...]      matches any of the sub-filters (the outer keys also apply)
  source: True           a source of damage; targets_you: True (a spell that targets you)
  targets: "self" | FILTER   (cast triggers) the spell targets the source / an object matching
  chosen_color / chosen_type: True   of the color / creature type chosen as the source entered
  permanent: True        a permanent / a permanent card (no other constraint)
  not: FILTER            does not match FILTER ("each creature except for creatures you control with flying")
  ability: "activated"|"triggered"   an ability on the stack (only in counter targets)
  different_names: True  (search, control conditions) the chosen cards / objects have different names
  one_of_each: True      (dig) at most one card matching each alternative of "or"
  other_target: True     a target different from the ability's other targets
  or_abilities_of: FILTER  (add_mana only_for) the mana may also pay for abilities of matching objects

Effect ops
----------
Each op: its name and arguments, then what it does and the rules it follows (CR).

damage: amount, to, [source=REF (default self)], [divided], [exile_if_dies], [no_regen], [excess_instead_to],
    [unpreventable], [also: [{amount, to}]]
    source deals damage (also: more amounts to other recipients, all of it dealt at once, an object named twice dealt
    the sum, CR 120.2, 608.2c; divided: split among targets; exile_if_dies: if it would die this turn, exile it instead;
    no_regen "dealt" | "creatures": the creatures dealt damage, or each creature named, can't be regenerated this turn;
    excess_instead_to "controller": damage beyond lethal is dealt to the creature's controller instead;
    unpreventable: "the damage can't be prevented", 615.11)
    (CR 120, 614)
pump: what, power, toughness, [per], [duration], [double]
    +N/+M (layer 7c); duration "eot" (default) or "your_next_turn"; double "power" | "pt": each object gets +X/+0
    (+X/+Y), X (Y) its own power (toughness) (CR 611, 613.3c)
grant: what, keywords:[..], [lose:[..]], [abilities: [Ability]], [duration], [choose: n], [lose_texts: [text]]
    gains/loses keywords (choose: the controller picks n of them); duration "eot" (default), "your_next_turn",
    "permanent". Keyword strings may be "Protection from red", "Hexproof from black" (CR 611, 613.1f)
restrict: what, rule, duration ("eot", "your_next_turn", "next_untap", "while_you_control_self", "permanent"), [by:
      FILTER], [except: FILTER]
    rule in: cant_block, cant_attack, cant_attack_or_block, cant_be_blocked (by FILTER), must_attack, must_block,
    must_be_blocked, must_be_blocked_by_all, attack_despite_defender, doesnt_untap (duration "next_untap"),
    cant_be_regenerated (CR 508.1c, 509.1b, 502.3)
destroy: what, [no_regen]
    destroy (CR 701.6)
exile: what, [until: "self_leaves" | "leaves", watch]
    exile (until the source, or the permanent ``watch`` names, leaves: return it then, 610.3) (CR 406, 610.3)
exile_if_dies: what | filter
    if the objects named (or any creature matching filter) would die this turn, exile it instead (CR 614.1a)
bounce: what, [with_auras]
    return to its owner's hand (from whatever zone it is in); with_auras: the Auras attached to it too (CR 400.7)
move: what, to, [tapped], [control: "you"], [counter: KIND], [from: "graveyard"], [unearth], [becomes: {subtypes,
      colors} added]
    zone change: to = hand, battlefield, library_top, library_bottom, library_top_or_bottom (owner's choice),
    library_shuffle, graveyard (CR 400.7); counter_if_creature: the counter only on a creature card ("if it enters as
    a creature, it enters with an additional +1/+1 counter on it", 614.1c)
tap / untap: what
    tap or untap (CR 701.17)
regenerate: what
    next time it would be destroyed this turn, instead ... (CR 701.12)
gain_control: what, [duration: "eot"|"while_you_control_self"], [rotate]
    the controller of the source gains control (CR 613.1b); rotate: a direction chosen, each player gains control of
    the next player's that way (Aminatou, the Fateshifter)
sacrifice: what=REF  or  who, filter, amount, [exile | bounce: the chosen permanents are exiled / returned to
    their owners' hands, not sacrificed]
    sacrifice (who chooses among their objects matching) (CR 701.21)
draw: who, amount
    draw cards (CR 121)
change_text: what, words ("color" | "land" | "color_or_land" | "creature"), duration
    change the text of a spell or permanent: one word of that kind for another, chosen on resolution (CR 612)
copy_ability: what
    put a copy of target activated or triggered ability onto the stack (CR 706.10)
extra_land: [who], [amount]
    that player may play that many additional lands this turn (CR 305.2a)
copy_spell: what, [times]
    put a copy of target instant or sorcery spell onto the stack, controlled by who copies it (CR 706.10); times:
    that many copies, one after another ("copy it twice")
redistribute_life: (none)
    the controller gives the players still in the game one another's life totals as they choose (CR 118.5,
    810.9f)
become_copy: what, of, duration, [keep_ability], [add_types]
    the objects become copies of another until the duration ends: layer 1, the same objects (CR 706.2, 706.4;
    keep_ability: "except it has this ability", 706.9a; add_types: "except it's an artifact in addition to its
    other types", 706.9c)
copy_retarget: [all]
    the controller of the copy just made may choose new targets for it (CR 706.10c); all: each copy the
    instruction before made ("for the copies"), in turn
retarget: what, [change]
    the controller may choose new targets for the spell or ability ``what`` names (114.6d); with change, only to
    another legal target, none left leaving it unchanged (114.6a)
reanimate_attached: [tapped]
    the Aura's enchant ability becomes "enchant creature put onto the battlefield with SELF"; the creature card
    it enchants in a graveyard returns under its controller's control and the Aura is attached to it (CR 303.4)
copy_offer: who, [cost: {mana: [syms]} | {discard: 1} | {sacrifice: FILTER}]
    the chain offer: that player may pay the cost; if they do, they may copy the resolving spell (theirs) and
    may choose a new target for the copy (CR 608.2d, 706.10, 706.10c)
link_player: who
    the player ``who`` names is kept on the source permanent; its leaves-the-battlefield trigger's reference
    "linked_player" is that player ("When SELF leaves the battlefield, that player gains 6 life", CR 603.10)
choose_basic_lands: who, [own], [rest: "sacrifice"]
    each player ``who`` names chooses a land (they control, with own) of each basic land type; the reference
    "basic_picked" names them; with rest, each of those players sacrifices their other lands (CR 608.2d, 205.3i)
replace_draw: effects, [asks]
    the next time its controller would draw a card this turn, the effects happen instead (CR 614.11, 614.1a); asks:
    they ask a player something, so only a draw that can wait for the answer (the draw instruction, the draw step)
    is replaced by it (engine/replacement.py asking_draw)
reveal_top: (none)
    its controller reveals the top card of their library; the references "revealed_top" and the condition
    "revealed_is" read it (CR 701.13a, 608.2c)
next_spell_cost: amount, [spells: FILTER]
    the next spell (matching) its controller casts this turn costs {amount} less (CR 601.2f; engine/costs.py)
discard: who, amount, [random], [up_to], [filter], [chooser: "you"]  or  who, what: {"choose": ...} (the card
      chosen from a revealed hand)
    discard (amount "all": the whole hand; "any": any number; up_to: that many or fewer; "then draw that many" is
    {"count_this_way": {}, "action": "discarded"}; chooser "you": who reveals their hand and you choose a card
    matching filter) (CR 701.9)
gain_life: who, amount
    gain life (CR 119)
lose_life: who, amount
    lose life (CR 119)
color: what, choose, duration
    becomes the color or colors its controller chooses (layer 5) (CR 105.3)
set_life: who, amount
    life total becomes the amount (gains or loses the difference) (CR 119.5)
mill: who, amount
    mill (CR 701.13)
scry: amount, [surveil: True]
    scry N (CR 701.18), or surveil N (not in the 2016 rules)
counter: what, [unless_pays: [mana symbols], [unless_times: AMOUNT]], [instead_to: exile | hand | library_bottom |
         library_top]  (unless_times: "pays {1} for each card in your graveyard", that payment so many times)
    (the countered spell goes there instead of its owner's graveyard, CR 614.1a)
    counter a spell (unless its controller pays) (CR 701.5)
counters: what, kind, amount, [remove], [divided]  (what "you": player counters, e.g. kind "energy")
    put (or remove) counters; kind "+1/+1", "-1/-1", "loyalty", "any" ... (CR 122); kind "its": each kind
    the source had as it last existed ("put its counters on target creature", 603.10)
token: amount, types, subtypes, colors, keywords, power, toughness, [supertypes], [name], [tapped], [attacking],
      [abilities: [Ability]], [who: PLAYER_REF (default you)]  or  amount, kind, [tapped]  or  amount, copy_of: REF
      (a token copy) ("Treasure", "Food", "Clue", "Blood", "Gold", ...)
    create tokens (predefined kinds: a later addition, not in the 2016 rules) (CR 110.5)
add_mana: mana:[syms]  or  choice:[[syms], ...]  or  any: n, [same], [chosen_color]  or  each_color_among: FILTER;
      [per: AMOUNT]; [only_for:
      FILTER (spend only on spells matching; or_abilities_of: FILTER, abilities of matching sources too)];
      [until: "end_of_combat" (firebending: kept as combat's steps end)]; [who: PLAYER (the mana goes to that player:
      "that player adds {G}{G}", the trigger's player)]
    add mana (choice: one of the lists; any: n mana of any colors, same: all one color) (CR 106, 106.6)
fight: a, b
    each deals damage equal to its power to the other (CR 701.14)
attach: what, to, [creature_only]
    attach an Aura/Equipment; creature_only: an Equipment, to a creature only (301.5c) (CR 701.3)
search: filter, amount, to, [up_to], [tapped], [reveal], [zones: ["library","graveyard"]], [rest: "exile"]
    search your library, put the cards in `to` (hand, battlefield, library_top, graveyard), then shuffle (CR 701.23)
dig: amount, take, filter, to, rest, [optional], [tapped], [reveal], [each_kind]
    look at (reveal: reveal) the top `amount` cards, put up to `take` matching into `to`, the rest to `rest`
    (each_kind: with a one_of_each filter, one card of every kind that has one, as many as can be chosen)
    (library_bottom in random order, graveyard, library_top, or library_top_order: back on top in an order
    the player chooses, CR 401.4); `to` may be hand, battlefield, graveyard or library_top (CR 701.13a)
piles: (what | top), chosen, [other], [separator], [chooser], [no_regen]
    `separator` splits the objects `what` means (or the top `top` cards of the controller's library, revealed,
    701.13a) into two piles, `chooser` chooses one; `chosen` and `other` (hand, graveyard, sacrifice, destroy)
    say what becomes of each pile (CR 608.2c, 701.14a, 701.6a)
shuffle: who
    shuffle a library (CR 701.24)
extra_turn: who
    take an extra turn after this one (CR 500.7)
extra_combat: [after ("this_phase")]
    an additional combat phase followed by an additional main phase after this main phase; after: "this_phase",
    said during a combat phase: an additional combat phase directly after it (CR 500.8)
end_turn: (none)
    end the turn: exile the stack, remove combat, go to the cleanup step (CR 713.1)
restart: [keep_exiled]
    restart the game; keep_exiled: the non-Aura permanent cards SELF exiled stay out and then enter
    under its controller's control (Karn Liberated) (CR 714)
move_counters: what, to, kind, amount
    move counters from one object (or each of a group, amount "all") onto another (CR 121.5); kind "any": of a
    kind its controller chooses ("a counter") or of every kind (amount "all"); amount "any_number": chosen
prevent: [combat], [by: REF], [to: REF], [amount], [rider: {counters: KIND} or {gain_life: true}],
      [from_chosen_source, next, [source_filter: FILTER (the sources that may be chosen)]],
      [by_each: FILTER], [to_filter: FILTER], [to_players: you|each], duration
    prevention shield (rider: what happens for the damage it prevented, 615.5) (CR 615)
either: alternatives: [[Effect], [Effect]], labels: [text, text], [chooser: PLAYER]
    one of the instructions, the one the controller (or the chooser: "target opponent chooses self or others")
    chooses (by its label) as it resolves (CR 608.2d)
redirect: into: REF, [to: REF], [to_players: you], [to_filter: FILTER], [by: REF | from_chosen_source |
      by_filter: FILTER], [combat], [amount], duration
    redirection effect: damage that would be dealt to those is dealt to ``into`` instead (only the next N: amount)
    (CR 614.9; engine/redirect.py)
animate: what, power, toughness, types, subtypes, colors, keywords, duration, in_addition, [keep_types], [lose_all],
    [lose_creature_types]
    becomes a P/T creature (layers 4, 5, 7b); in_addition: keeps its other types; keep_types: the subtypes replace
    its creature types, card types stay (205.1b); lose_all: loses all abilities (layer 6); lose_creature_types: "loses
    all creature types", its other subtypes kept (205.3m, layer 4) (CR 613)
pay: mana: [syms]  or  life: n  or  energy: n
    the controller pays (inside "may": "you may pay {1}. If you do, ...") (CR 117; energy counters, 121.1)
pay_any: energy: true
    "you may pay any amount of {E}": the controller removes as many energy counters as they choose; the
    amount {"paid": true} counts them afterwards (121.1; the energy symbol is a later addition)
unless: payer, (pay: {mana|life}  or  actions: [Effect]), effects, [any_one, if_done]
    effects happen unless payer pays / performs the actions (CR 117.12); any_one: the players payer names are asked
    in APNAP order until one does it ("any opponent may ..."), and with if_done the effects happen only if one did
    ("If a player does, ...") (CR 101.4)
delayed: step ("end", "upkeep", "your_upkeep", "owner_upkeep", "end_of_combat"), effects
    a delayed trigger at the next such step (CR 603.7)
delayed_trigger: ability: Ability (triggered, on an event), until ("eot" | "your_next_turn"), [once]
    a delayed triggered ability that triggers on each such event until the duration ends; once: only the next
    one ("when you next cast ... this turn") (CR 603.7, 603.7c)
choose_number: min, max
    "Choose a number between 0 and 13": the controller picks one as it resolves; the amount {"chosen_number": True}
    of the instructions after it (CR 608.2d)
counter_each_kind: what, [or_remove], [double], [one_kind]
    "for each kind of counter on target permanent or player, give that permanent or player another counter of that
    kind", "... put another counter of that kind on it or remove one from it": one of each kind, put or removed as
    the controller chooses (CR 121.1); double: "double the number of each kind of counter on target permanent", as many
    more of each kind as it has (CR 121.1); one_kind: "choose a counter on target permanent or player. Give that
    permanent or player another counter of that kind": one kind only, the controller's choice (CR 608.2d)
remove_among: kind, filter
    "remove any number of +1/+1 counters from among creatures you control": for each such permanent the controller
    chooses how many; the total is the amount {"removed_this_way": True} (CR 121.1)
reflexive: ability: Ability (triggered, event "reflexive")
    "When you do, ...": a triggered ability that triggers as the instruction before it is done, put on the stack
    the next time a player would receive priority, its targets chosen then (603.7a, 603.3; reflexive triggers are a
    later rule)
pay_untap: who, filter, cost: [mana symbols]
    "that player may choose any number of tapped blue creatures they control and pay {4} for each creature chosen
    this way. If the player does, untap those creatures." (Magnetic Mountain): that player chooses as many as they can
    pay for, pays the cost once for each, then untaps them (CR 608.2d, 117.3, 701.17b)
skip_next: who, step ("untap" | "upkeep" | "draw" | "combat" | "turn"), [amount], [this_turn]
    that player skips their next such step, once (amount: that many of their next turns) (CR 614.10)
exile_top: who, amount
    exile the top cards of a library (then "exiled") (CR 406)
playable: what: "exiled", a card FILTER (e.g. Zombie cards in your graveyard) or a target, play: "play"|"cast",
      until: "eot"|"next_turn_end", [free], [exile_instead], [only: FILTER], [one]
    you may play/cast those cards (free: without paying their mana cost; exile_instead: a spell cast this way is
    exiled instead of going to the graveyard, 614.1a; one: one spell in all, the permission used up by it) (CR 601.2)
emblem: who, abilities: [Ability]
    the player gets an emblem with those abilities (CR 113)
wish: filter, [exile], [reveal], [must]
    the player may put a card they own from outside the game (their sideboard, 400.10) matching the filter into their
    hand, revealed unless reveal is false; exile: or a face-up such card they own in exile; must: they put one if
    they can (the text says no "may")
exile_until: who, filter, [to_hand, [repeat_if: FILTER]]
    that player exiles cards from the top of their library one at a time until one matches the filter (406.3):
    all "exiled", the one found "taken"; to_hand: that card is put into its owner's hand ("returned"), and the
    process done again while the card put there matches repeat_if
keep_rest: keep: [FILTER], [among: FILTER], [chooser: "each"], rest: FILTER, [players: REF]
    for each player one permanent of each kind kept (chosen by the controller, or by each player), the
    others of the rest filter sacrificed (Tragic Arrogance, Cataclysm: 608.2c, 701.14a); players: only those
    players (each opponent: Liliana, Dreadhorde General)
action: name, [amount], [what], [subtype], [times]
    a keyword action, closed list: proliferate (701.24), populate (701.27), transform (701.25, what),
    bolster/monstrosity/support/fateseal (amount) (CR 701), piles (amount, separator, chooser: 700.3),
    remove_from_combat / unblock_lone / block_choice (what: 506.4, 509.1h, 509.6), control_player (who: 712),
    control_until_resolved (who: 712.2, until the spell finishes resolving),
    exchange_life (who: two players: 701.8c),
    exchange_life_pt (what, stat: power|toughness: 701.8g), name_card (choice: 201.3, as it resolves),
    exile_named (who, all:
    the cards with the chosen name in a graveyard, hand and library, 701.15a), draw_game (104.4c, 801.15),
    put_face_down ([look]: any number of cards from your hand onto the battlefield face down, 707.2-707.3)
    (CR 701); and later additions, not in the 2016 rules:
    explore (what), connive (what), learn, venture_into_the_dungeon, the_ring_tempts_you, manifest_dread,
    become_the_monarch, take_the_initiative, open_an_attraction, forage, time_travel, goad (what or amount),
    adapt/incubate/discover/endure (amount), amass (subtype, amount)
reveal: who, zone: "hand", [to: "you"]  or  who, zone: "library_top", amount, [to: "all"]
    a player reveals their hand (to: only you look at it) (CR 701.16)
win_game / lose_game: who
    the player wins / loses the game (CR 104.2, 104.3)
exchange_control: what: {"target": i} (two chosen) or [REF, REF]
    exchange control of two permanents (CR 701.12)
exchange_zones: who, zones: ["hand", "library"|"graveyard"]
    the player's cards of the two zones trade places, at once ("exchange your hand and library")
poison: who, amount
    the players named get that many poison counters (engine/ops/poison.py) (CR 121.1c)
ward: mana: [syms], life: n
    counter the spell or ability whose targeting triggered this, unless its controller pays (engine/ops/ward.py)
    (not in 2016 (Strixhaven))
cast_offers: filter, zone ("graveyard" | "exile"), max, [free]
    its controller may cast cards of the zone matching, one at a time in the order they pick, up to max (CR 608.2g)
cast_offer: what, [alt], [free], [must], [else], [keyword], [zone], [exile_instead], [play], [lands_only],
      [control_spell]
    its owner may cast that card now, for its `alt` cost or free; `else`: where it goes if not cast
    (madness 702.34a, rebound 702.87a, suspend 702.61a; engine/ops/cast.py); zone: where the card is (exile,
    or graveyard); exile_instead: the spell is exiled instead of going to the graveyard (614.1a); `play`: a land
    is played (within the land plays of that player's turn); `lands_only`: paid by mana abilities of lands only
    (712.7); `control_spell`: its caster is controlled again while it resolves (712.2) (CR 608.2c)
cascade
    exile from the top until a cheaper nonland card; may cast it free; the rest on the bottom (CR 702.84a)
encore
    for each opponent, a hasty token copy of the card that attacks that opponent this turn if able
    (engine/ops/objects.py) (not in 2016 (Commander Legends))
storm: [record], [times], [keep_targets]
    a copy of the spell for each spell cast before it this turn, each with a new target if wanted (CR 702.39a);
    record "copies" with times (an amount): "when you cast SELF, copy it for each ..." that many, the targets kept
    (keep_targets) unless a later "you may choose new targets for the copies" (copy_retarget) changes them
vote: choices | filter
    each player in turn order from the controller votes for one of the words, or for one object the filter names
    (CR 701.29); the tally ("votes") is read by the amount {"votes": WORD} and the condition {"votes_most": WORD,
    "tied"}; the objects with the most votes by the reference "voted_most"
as_player: who, effects, [opponents]
    each player who names (only an opponent of the controller with opponents) carries out the effects as their
    doer ("you" is that player): a Curse's "that attacking player may ...", "each opponent attacking that player
    does the same" (303.4, 508.1b)
tempt: effects, then
    tempting offer (not in 2016 (Commander 2013)): each opponent in turn order may carry out "effects" as their
    doer; "then" is carried out once for each opponent who did
suspend_tick
    remove a time counter from the suspended source; the last one triggers its cast (CR 702.61a)
ripple: amount
    may reveal the top N cards, cast those with the spell's name free, the rest on the bottom (CR 702.59a)
epic
    its controller can't cast spells for the rest of the game; a copy at each of their upkeeps (CR 702.49a)
mutate
    the resolving mutating creature spell merges with its target, on top of it or under it (a later keyword,
    Ikoria: engine/mutate.py)
cipher
    may exile the resolving spell encoded on a creature you control (CR 702.98a)
cipher_cast: card
    cast a copy of the encoded card free (CR 702.98a, 706.12)
copy_cast: what, times, free
    copies of instant and sorcery cards made where they are; their controller may cast each (CR 706.12, 706.10a)
haunt: what, to
    exile the card haunting the creature (CR 702.54a)
hideaway: amount
    look at the top N cards, exile one face down (linked), the rest on the bottom in any order (CR 702.74a)
pair: with ("choose" | "it")
    pair the source with another unpaired creature you control (soulbond, CR 702.94a)
aura_swap
    exchange the source Aura with an Aura card in the hand (CR 702.64a)
reveal_until: filter, to, rest, [who], [count]
    reveal from the top until a matching card (count: until that many); put it in `to`, the rest in `rest`; who: the
    player revealing from their own library (CR 701.13a)
may: effects:[Effect], [then:[Effect]], [else:[Effect]], [reflexive], [once_each_turn]
    "you may ...; if you do ...; if you don't ..."; reflexive: "when you do" (targets of `then` are chosen after)
    (CR 608.2d; reflexive triggers are not in the 2016 rules); once_each_turn: "Do this only once each turn."
    (a triggered ability's choice: "yes" only if this ability's source has not done it this turn)
clash: win:[Effect]
    clash with an opponent (CR 701.20); the effects run if the controller wins
friend_or_foe: (none)
    "For each player, choose friend or foe.": "each friend" / "each foe" after it (refs friends, foes)
choose_opponent: [random: bool]
    "Choose an opponent.": the controller chooses one (CR 608.2d), "that player" of what follows (chosen_opponent);
    random: "choose an opponent at random", one of them at random
flip: [win:[Effect]], [lose:[Effect]], [may:bool], [until_lose:bool], [coins:AMOUNT]
    the controller flips a coin and runs the branch of the result (CR 705.1); may: the controller chooses whether
    to flip first (608.2d); until_lose: flip again while the controller wins, the flips won counted (flips_won);
    coins: that many coins nobody calls (705.2)
if: cond: CONDITION, then:[Effect], [else:[Effect]]
    conditional instruction (see quantities conditions) (CR 608.2c)

Conditions (Ability.condition, "if" op, static "condition") are dicts; their keys are
listed in engine/cards/compiler/quantities.py: control/min/max, life_ge, life_le,
your_turn, graveyard_ge+filter, hand_le, hand_ge, gained_life_this_turn,
opponent_lost_life_this_turn, self: FILTER, it: FILTER, kicked, x_ge, cast_from_hand, cast_from_zone: ZONE,
all: [..], player_lost_life_this_turn: n, milled_this_way: FILTER, self_attacked_or_blocked_this_turn,
self_dealt_damage: False, life_ge_start_plus: n, life_lt_start: True, spells_cast_this_turn: 0,
spells_cast_last_turn: 0,
player_spells_last_turn_ge: n (one player cast that many spells in the previous turn),
opponent_more_life: True (an opponent has more life than you), revealed_as_cast: True (DTK's Dragon reveal),
and for activated abilities once_each_turn, step, before_attackers, combat_timing (506.6);
any_player_life_le: n, opponents_ge: n,
opponents_control: FILTER + min;
history: creature_died | you_attacked | your_permanent_left | your_land_entered | self_was_cast
(facts of this turn, engine/values.HISTORY), graveyard_types_ge: n (delirium), different_powers_ge: n,
total_power_ge: n, opponent_more: FILTER (an opponent controls more of them than you), opponent_poison_ge: n,
opponent_graveyard_ge: n, opponent_life_le: n, drawn_ge: n, attached: FILTER (what the source is attached to),
mana_spent_ge: {KIND: n} or {"same_color": n} (the mana spent to cast the source, 601.2h),
amount_lt / amount_ge: {"amount": AMOUNT, "n": n} (an amount, e.g. devotion (700.5), below or at least n).

Triggers (Ability.trigger)
--------------------------
{"event": E or [E, E] (any of them), ...}: "self": True (the source itself), "attached": True (the enchanted/equipped
object), "filter": FILTER (the object the event is about), "or_self": True (the source or a
matching object), "batch": True ("one or more"), "who": "you"|"opponent"|"any" (a player event),
"first": True (first time each turn). Events:
  etb, dies, ltb, attacks, blocks, attacks_or_blocks, becomes_blocked, blocks_or_blocked, unblocked,
  attacks_alone, combat_damage_player, combat_damage_creature, combat_damage, damage_player,
  damage_opponent, deals_damage, dealt_damage, tapped, untapped, becomes_target, becomes_target_spell,
  becomes_target_opponent, becomes_target_spell_opponent, etb_or_attacks, etb_or_dies, blocks_flying,
  turned_face_up, transforms,
  exploited, exploits ("when SELF exploits a creature", 702.109a), monstrous, attacks_saddled,
  haunted_dies ("the creature SELF haunts dies", 702.54c), creature_to_graveyard (recover, 702.58a),
  to_graveyard ("self": True; "from": the zone it came from: "when SELF is put into your graveyard from your library"),
  crime ("you commit a crime"), expend ("amount"),
  counters_put ("counter": the kind; "self" or "filter": the permanent, 121.6),
  player_counters ("counter": the kind a player gets, 121.1),
  chapter ("self": True, "chapter": n: a Saga's chapter ability, its lore counters became at least n; engine/saga.py),
  cast may carry "nth": 2 (second spell each turn) and "or_copy": True,
  attacks may carry "defending": "you" (attacks you or your planeswalker), "you_only", "attached_player" (attacks
  enchanted player) and "min_attackers": n; draw and cast "who": "attached_player" (enchanted player, a Curse);
  "or_attached": True with "self" (bestow: SELF or enchanted creature); dealt_damage "combat": True (combat only),
  tapped_for_mana "self": True ("whenever you tap SELF for mana"; not a mana ability: the stack, 605.1b),
  step "whose" may be "attached_controller" / "attached_player" (enchanted creature's controller / enchanted player),
  "chosen_player" (the player its source chose as it entered, 614.12),
  explores, unattached ("self": the Aura or Equipment; its trigger "it" is the permanent it was attached to),
  cast (filter on the spell; "self": True = when you cast this), you_attack, sacrifice,
  leaves_graveyard (filter on the card in its new zone; with "batch": "one or more ... leave your graveyard"),
  gain_life, lose_life, draw, discard, cycle, scry, surveil,
  state ("condition": a state trigger, CR 603.8), draw may carry "nth": 2 (second card each turn),
  tapped_for_mana (filter), activate ("who", "filter" on the source, "loyalty": True, "nonmana": True),
  step ("step": upkeep|draw|main1|main2|beginning_of_combat|end_of_combat|end;
        "whose": you|opponent|each|next|that_player|you_next)
Ability.condition on a triggered ability is an intervening "if" (CR 603.4). "limit_per_turn": n on a
trigger: "this ability triggers only once each turn".

Ability.zone says where an ability works: "battlefield" (default), "hand" (cycling), "graveyard"
("{2}{B}: Return SELF from your graveyard to your hand", unearth, scavenge), "stack" (statics of
a spell: can't be countered, additional costs). Ability.keyword names the keyword it comes from.

Statics (Ability.static)
------------------------
{"kind": K, ...} with "affects": "self" | "attached" | FILTER and optional "condition":
  anthem             power, toughness, [per], [instead] +N/+M (layer 7c)                       613.3c
                     instead: "It gets -6/-0 instead as long as ...": applies in place of the paragraph's first
                     anthem, which carries the opposite condition (611.3a)
  keywords           keywords, [lose]                   has / loses keywords (layer 6)         613.1f
  restriction        rule, [by|except|what: FILTER]     rules: cant_block, cant_attack, cant_attack_or_block,
                     cant_be_blocked, must_attack, must_block, max_one_blocker, extra_block,
                     block_any_number, doesnt_untap, block_only_flying, cant_attack_or_block_alone,
                     cant_block_alone, cant_attack_alone, hexproof, cant_be_sacrificed,
                     must_be_blocked, must_attack_or_block, cant_attack_block_unless_other,
                     must_be_blocked_by_all, no_counters (with "counter": kind), attack_despite_defender,
                     may_assign_as_unblocked, no_activated_abilities, cant_attack_unless_defender_controls (what),
                     min_blockers (amount)  508, 509, 502.3
  enters_tapped      [unless: CONDITION]                replacement on itself                  614.1c
  devour             amount                             sacrifice creatures as it enters, N counters each 702.81a
  amplify            amount                             reveal cards sharing a creature type, N counters each 702.37a
  enters_with_counters counter, amount                                                       614.1c
  turned_up_counters counter, amount   "as SELF is turned face up, put N ... counters on it"  707.11
  cost_change        spells: FILTER | "self", who, amount (negative = cheaper), [per],     601.2f
                     [mana: a colored symbol: "cost {R} more"]
  cant_be_countered                                     (zone "stack")                         101.2
  additional_cost    cost: Cost                         (zone "stack")                         601.2f
  alternative_cost   cost: Cost                         "you may pay COST rather than pay its mana cost" 118.9
  cant_gain_life / cant_lose_life   who: you | opponent | each   "players can't gain life", "your life total
                     can't change" (118.7, 118.8; engine/player_statics.py)
  deck_rule          rule: commander | any_number | up_to   deck construction (112.6m, 903.3a): read by
                     engine/decks/validate.py before the game; no effect during it
  set_pt             power and/or toughness: AMOUNT     characteristic-defining (layer 7a)    604.3
  grant_ability      ability: Ability                   objects matching have that ability     613.1f
  add_types          subtypes                           "is a Knight in addition ..." (layer 4)
  become             lose_all, [subtypes, keep_types, types, colors, power, toughness]
                     "loses all abilities and is a 1/1 Frog" (layers 4, 5, 6, 7b) 613.1
  choose_on_enter    choice: color|creature_type|opponent|card_type|basic_land_type|creature|player|card_name|
                     nonland_card_name (201.3: a name_card decision)
  name_lock          lock: cast|activate, who, [unless_mana]   "Spells with the chosen name can't be cast",
                     "Activated abilities of sources with the chosen name can't be activated [unless ...]"
  life_gain_plus     amount                             "you gain that much life plus N instead"   614
  play_from          zone: graveyard|library_top, filter   you may play/cast matching cards from there
  flash_spells       spells: FILTER                     you may cast them as though they had flash 702.8
  flash_self         [condition]                        "you may cast SELF as though it had flash" (702.8a,
                     read by engine/casting.py as it would be cast)
  uncounterable_spells  spells: FILTER, who             "Instant and sorcery spells you control can't be
                     countered" (101.1; engine/object_statics.py)
  free_spells        zone, spells: FILTER               cast them without paying their mana cost
  alt_cost_spells    who, cost: Cost, spells: FILTER    "You may pay {W}{U}{B}{R}{G} rather than pay the mana cost
                     for spells you cast" (118.9; engine/costs.py usable_alternative_cost)
  graveyard_replacement  affects: "self"|FILTER, to: exile|library_shuffle, [reveal]             614
  clone              filter                             may enter as a copy of a matching creature 707.9
  unpreventable      (affects self)                     its damage can't be prevented            615.11
  spell_limit        who, amount                        each player can't cast more than N spells each turn
  draw_limit         who, amount                        that player can't draw more than N cards each turn
  sorcery_only       who                                that player casts spells only when a sorcery could be
  trigger_cause      causes: [etb|dies|attacks|any], affects: FILTER, times: 0|2, [whose: you|opponent],
                     [source: FILTER]
                     "FILTER entering (or dying) don't cause abilities (of permanents your opponents control) to
                     trigger" (times 0); "If a FILTER entering/dying/attacking causes a triggered ability of a
                     permanent you control to trigger, that ability triggers an additional time" (times 2); "If a
                     triggered ability of a FILTER you control triggers, that ability triggers an additional time"
                     (causes [any], source: the ability's source's filter)   603.2
  loyalty_instant    who, walkers: "self"|FILTER, [condition]   their loyalty abilities any time an instant could
                     be cast (606.3 changed; engine/casting.py reads engine/player_statics.py loyalty_instant)
  loyalty_times      who, walkers: "self"|FILTER, times   that many loyalty abilities of each each turn (606.3 changed;
                     engine/casting.py reads engine/player_statics.py loyalty_times)
  graveyard_keywords  who, cards: FILTER, keywords: [Retrace]   those cards in the player's graveyard have them
                     (702.80a; engine/cast_options.py object_alternatives)
  haste_activation   who, creatures: FILTER             their {T} abilities as though they had haste (302.6)
  player_keywords    who, keywords                      "You have hexproof"                      702.11d
  control            (affects attached)                 you control the enchanted permanent      613.1b
  extra_land         amount                             you may play N additional lands each turn 305.2
  skip_step          step, who                          "Skip your draw step"                    614.10
  cant_gain_life / cant_lose_life  who                  "Players can't gain life", "Your life total can't change" 118.7
  attack_tax         affects: FILTER, mana, [x: AMOUNT], walkers   "Creatures can't attack you [or planeswalkers
                     [life: N]                                     you control] unless their controller pays {2}
                                                                   (or N life) for each ..." (508.1g-i, 802.3a)
  block_tax          affects: FILTER, mana                        "creatures can't block unless their controller
                     pays {1} for each of those creatures" (CR 509.1d, 509.1f)
  life_gain_to_loss  who: "opponent"                              "If an opponent would gain life, that player
                     loses that much life instead" (CR 614.1a)
  cant_get_counters  who, [counter]                     "You can't get poison counters" (121.1)
  attack_forbid      affects: FILTER, walkers, [anyone]  "Black creatures can't attack you [or planeswalkers you
                     control]"; anyone: "Creatures with power greater than ... can't attack" (508.1c)
  life_gain_double / top_card_revealed
  token_multiply     times, whose (you/any), token_type  "twice that many of those tokens"        614.1a
  counter_change     how (twice/plus/minus), counter, affects   "that many plus one +1/+1 counters"  614.1a
  enters_tapped with "affects": FILTER: those permanents enter tapped; prevent_damage may have combat: True
  cost_change "who": "any" = spells anyone casts; spells "self" with per_extra_target: amount generic and
                     colored symbols more for each target beyond the first (strive, 601.2f)
  prevent_damage     affects, [then_remove_counter],    prevent all damage dealt to it           615
                     [then_counters], [then_gain_life]  (the rest after each event: 615.5)
  damage_mod         mod (times/plus), amount, [from, players, affects, combat, noncombat]
                     "If a red source you control would deal damage to ..., it deals that much damage plus 1
                     instead" (from: the sources, self, attached; players: each/you/opponent/attached)  614.1a
  damage_counters    counter, affects (self or FILTER), [from, combat, noncombat]   "If damage would be dealt to
                     SELF, put that many +1/+1 counters on it instead"                              614.1a
  enters_tapped also takes unless_pay: {"life": n} (shock lands)
  no_max_hand_size / look_top_card / opening_hand_battlefield (Leyline); no_max_hand_size may have who
  opening_hand_reveal  whose: you|any, ability: Ability   "You may reveal SELF from your opening hand. If you do, at the
                     beginning of the (your) first upkeep, ...": the ability's effects, a delayed trigger (103.5b)
  hand_size          who, set: AMOUNT | change: int   "Your maximum hand size is increased by one"  402.2, 613.10
  untap_limit        who, max, filter   "Players can't untap more than one creature during their untap steps" 502.2
  x_color            color                "Spend only black mana on X": the card's X paid with that color 107.3
  life_floor         who, floor, [condition]   "damage that would reduce your life total to less than N reduces it
                     to N instead" (614.1a; engine/actions.py)
  cant_lose_game / cant_win_game  who, [life_only]   "You can't lose the game and your opponents can't win the
                     game"; life_only: "... for having 0 or less life" (104.2, 104.3, 704.5a)

Keywords (CardDef.keywords / keyword_args)
------------------------------------------
Names follow CR 702 (engine/cards/compiler/keywords.py has the registry with rule numbers).
keyword_args: Protection / Hexproof from: [color letter | quality string | FILTER];
Landwalk: [land type]; Enchant: FILTER; Affinity: FILTER; numbered keywords (Bushido, Crew,
Afflict, Toxic, ...): int; costed keywords (Kicker, Flashback, Equip, Cycling, Ward, Morph,
...): Cost; Typecycling: [{"filter", "cost"}]; Suspend / Reinforce: {"amount", "cost"};
Prototype: {"cost", "power", "toughness"}. Equip, Fortify, Cycling, Typecycling,
Outlast, Unearth, Scavenge, Prowess, Exalted also appear as Abilities (keyword=name).
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any

# The closed vocabularies of the contract above (a test checks the compiled corpus uses nothing else).
EFFECT_OPS: frozenset[str] = frozenset({
    "damage", "pump", "grant", "restrict", "destroy", "exile", "bounce", "move", "tap", "untap", "regenerate",
    "pay_untap",
    "switch_pt",
    "gain_control", "sacrifice", "draw", "discard", "gain_life", "lose_life", "set_life", "color", "mill", "scry",
    "pay_life",  # "that player pays 3 life" (one way of an "unless", 119.4)
    "repeat_may",  # "You may repeat this process any number of times" (Ad Nauseam; 608.2c): effects again while yes
    "process", "repeat_process",  # "... If COND, repeat this process." (608.2c): "effects" again while a round
    # ends with its repeat_process done (engine/ops/misc.py)
    "spells_cost",  # "Until your next turn, ... spells that player casts cost {2} less to cast" (601.2f, 611.2a)
    "counter", "counters", "token", "add_mana", "fight", "attach", "search", "dig", "shuffle", "extra_turn", "prevent",
    "animate", "pay", "pay_any", "unless", "delayed", "exile_top", "playable", "emblem", "action", "reveal", "win_game",
    "lose_game", "exchange_control", "exchange_zones", "reveal_until", "may", "if", "ward", "poison",
    "revealed_to",  # "put the revealed cards on the bottom of your library in any order" (engine/ops/library.py)
    "vote",  # 701.29: each player votes (choices, or a filter of objects); the tally for what follows
    "as_player",  # "that attacking player may ...", "each opponent attacking that player does the same": as its doer
    "tempt",  # tempting offer (Commander 2013): each opponent may do "effects"; "then" once for each who did
    "cast_offer", "cast_offers", "cascade", "storm", "suspend_tick", "end_turn", "extra_combat", "flip", "clash",
    "extra_step",  # "... gets an additional upkeep step after this step" (500.9: engine/extra_phases.py)
    "choose_opponent",  # "Choose an opponent.": "that player" after it (engine/ops/control.py)
    "friend_or_foe",  # "For each player, choose friend or foe." (engine/ops/control.py)
    "restart",
    "move_counters", "replace_draw", "next_spell_cost", "reveal_top",
    "change_text", "copy_ability", "copy_spell", "extra_land", "copy_retarget",
    "encore", "ripple", "epic", "cipher", "cipher_cast", "copy_cast", "haunt", "hideaway", "pair", "aura_swap",
    "mutate",
    "player_effect",
    "copy_offer", "reanimate_attached",
    "unattach", "piles", "keep_rest", "exile_until", "wish", "delayed_trigger", "reflexive", "skip_next",
    "remove_among",
    "counter_each_kind",  # "for each kind of counter on target permanent, put another counter of that kind on it"
    "choose_number",  # "Choose a number between 0 and 10.": "the chosen number" after it (engine/ops/control.py)
    "become_copy",
    "redistribute_life",
    "exile_if_dies", "retarget",
    "spell_gains",  # "it gains rebound" of a spell on the stack (engine/ops/cast.py, 702.87a); resolves_exiled (614.1a)
    "redirect",  # "All damage that would be dealt this turn to you is dealt to ... instead" (614.9, engine/redirect.py)
    "either",  # "Destroy all enchantments or all nonwhite enchantments": one, chosen as it resolves (608.2d)
    "roll",  # "roll a d20" and its result table (rolling a die, a later rule: engine/ops/control.py)
    "suspect",  # "suspect it", "it's no longer suspected" (a later keyword action: engine/ops/continuous.py)
    "licid",  # "SELF loses this ability and becomes an Aura ... You may pay {B} to end this effect" (115.2c)
    "next_spell_flag",  # "The next creature spell you cast this turn can't be countered" (101.1; engine/costs.py)
    "choose_basic_lands",  # "choose a land of each basic land type" (608.2d, 205.3i; engine/ops/objects.py)
    "link_player",  # the enters trigger's target player, for the leaves trigger's "that player" (engine/ops/objects.py)
})
STATIC_KINDS: frozenset[str] = frozenset({
    "abilities_of",  # "SELF has all activated abilities of all creature cards in all graveyards" (613.1f, layers)
    "enters_prepared",  # "SELF enters prepared" (a later mechanic: engine/prepare.py)
    "draw_in_opponents_draw_step",  # "You draw a card during each opponent's draw step" (504.1: engine/game.py)
    "anthem", "keywords", "restriction", "enters_tapped", "enters_with_counters", "cost_change", "devour",
    "cant_be_countered", "additional_cost", "set_pt",
    "grant_ability", "add_types", "become", "choose_on_enter",
    "optional_cost",  # "As an additional cost to cast SELF, you may ..." (601.2b, 601.2f; engine/cast_options.py)
    "life_gain_plus", "life_gain_double", "life_gain_to_loss", "block_tax", "play_from",
    "player_counter_change",  # "If you would get one or more counters, you get that many plus one ..." (614.1a)
    "token_multiply", "counter_change", "cast_forbid", "flash_spells", "free_spells", "graveyard_replacement",
    "alt_cost_spells", "land_forbid",
    "search_forbid",  # "Players can't search libraries" (101.2, 701.15; engine/player_statics.py cant_cause)
    "skip_extra_turn",  # "If an opponent would begin an extra turn, that player skips that turn instead" (614.10)
    "activate_forbid",  # "players can't ... activate abilities of cards in graveyards" (602.5, player_statics)
    "attack_one_requirement",  # "each opponent must attack you ... with at least one creature" (508.1d, combat)
    "clone", "unpreventable", "spell_limit", "player_keywords", "control", "extra_land", "skip_step",
    "prevent_damage", "top_card_revealed", "hand_revealed", "no_max_hand_size", "look_top_card",
    "opening_hand_battlefield", "opening_hand_reveal",
    "exile_on_enter",  # "as SELF enters, exile ... from your graveyard" (614.12, engine/entering.py)
    "enters_under_opponent",  # "SELF enters under the control of an opponent of your choice" (614.1d, entering.py)
    "enter_exile",  # "if a creature would enter and it wasn't cast, exile it instead" (614.1a, player_statics)
    "enter_discard",  # "If SELF would enter, you may discard a land card instead. If you do, ..." (614.1a; game.py)
    "alternative_cost", "deck_rule", "cant_gain_life", "cant_lose_life", "attack_tax", "attack_forbid", "name_lock",
    "combat_limit",  # "No more than two creatures can attack [you] / block each combat" (engine/combat.py)
    "extra_vote",  # "While voting, you get an additional vote" (701.29d: engine/ops/misc.py vote)
    "goaded",  # "enchanted creature is goaded" (goad, a later keyword action: engine/combat.py goaders)
    "cant_get_counters",
    "cast_only",
    "full_text", "amplify", "damage_unpreventable", "tokens_to_you", "token_become",
    "lose_types", "uncounterable_spells", "flash_self",
    "draw_limit", "turned_up_counters", "sorcery_only", "hand_size", "untap_limit", "may_not_untap",
    "cast_self_from",  # "you may cast SELF from your graveyard" (engine/zones_cast.py, 112.6)
    "discard_to_battlefield",  # "If a spell or ability an opponent controls causes you to discard SELF" (614.1a)
    "untargetable_zone",  # "Cards in graveyards can't be the targets of spells or abilities" (115.1)
    "damage_mod",  # "it deals double that damage / that much damage plus N instead" (engine/replacement.py, 614.1a)
    "damage_counters",  # "put that many -1/-1 counters on that creature instead" (engine/actions.py, 614.1a)
    "attach_only",  # "SELF can be attached only to a creature with ..." (engine/object_statics.py attach_allowed)
    "trigger_cause",  # "Creatures entering don't cause abilities to trigger", "... triggers an additional time" (603.2)
    "empty_draw_wins",  # "If you would draw a card while your library has no cards in it, you win the game instead"
    "ignore_hexproof",  # "... with hexproof can be the targets of spells and abilities you control as though ..."
    "life_floor",  # "Damage that would reduce your life total to less than N reduces it to N instead" (614.1a)
    "cant_cause",  # "Spells and abilities your opponents control can't cause you to sacrifice permanents" (101.2)
    "spell_keywords",  # "Artifact spells you cast have convoke", "... spells you control have deathtouch"
    "loyalty_instant",  # "you may activate loyalty abilities ... any time you could cast an instant" (606.3)
    "loyalty_times",  # "... the loyalty abilities of planeswalkers you control twice each turn" (606.3)
    "surveil_extra",  # "You may look at an additional two cards each time you surveil" (a later keyword action)
    "extra_die",  # "If you would roll one or more dice, instead roll that many dice plus one and ignore the lowest
    # roll" (a later rule, AFR)
    "graveyard_keywords",  # "instant and sorcery cards in your graveyard have retrace" (702.80a)
    "look_face_down",  # "You may look at face-down creatures you don't control any time" (engine/facedown.py)
    "draw_times",  # "If you would draw a card, draw two cards instead" (engine/game.py draw, 614.1a)
    "ability_cost",  # "Equip abilities you activate cost {1} less to activate" (602.2b, 601.2f)
    "crew_power",  # "SELF saddles Mounts and crews Vehicles as though its power were N greater" (engine/costs.py)
    "redirect_damage",  # "All damage that would be dealt to you is dealt to SELF instead" (614.9, engine/redirect.py)
    "keep_mana",  # "You don't lose unspent red mana as steps and phases end" (106.4, 500.4; engine/game.py)
    "lost_mana_becomes",  # "If you would lose unspent mana, that mana becomes colorless instead" (614.1a, 500.4)
    "damage_stays",  # "Damage isn't removed from SELF during cleanup steps" (514.2, engine/game.py _cleanup_rest)
    "enter_sacrifice",  # "If SELF would enter, sacrifice a Forest instead. ..." (614.1a, engine/entering.py)
    "walk_ignored",  # "Creatures with islandwalk can be blocked as though they didn't have islandwalk" (702.14c)
    "x_color", "life_floor", "cant_lose_game", "cant_win_game", "damage_as_infect",
    "haste_activation",  # "activate abilities of creatures you control as though those creatures had haste" (302.6)
    "exert_on_attack",  # "You may exert SELF as it attacks" (a later keyword action: engine/combat.py)
    "day_as_enters",  # "If it's neither day nor night, it becomes day as SELF enters" (a later rule: transform.py)
})
TRIGGER_EVENTS: frozenset[str] = frozenset({
    "plotted",  # "When SELF becomes plotted" (plot, a later keyword: engine/casting.py plot; it works in exile, 112.6)
    "fights",  # 701.10: "whenever a creature you control fights" (engine/ops/damage.py)
    "clash",  # 701.20b: "whenever you clash [and win]" (engine/ops/control.py)
    "coin_flip",  # 705.1: "whenever you win / a player wins / you lose a coin flip" (engine/ops/control.py flip)
    "roll_dice",  # "whenever you roll one or more dice" (rolling a die, a later rule: engine/ops/control.py roll)
    "player_counters",  # a player gets counters ({E}: "Whenever you get one or more {E}", 121.1)
    "plays_land",  # a player played a land (305.1; not a land put onto the battlefield otherwise)
    "becomes_monarch",  # a player became the monarch (a later designation, Conspiracy: Take the Crown)
    "proliferate",  # a player proliferated (701.24: engine/ops/actions.py)
    "exerted",  # a permanent was exerted (a later keyword action, Amonkhet: engine/actions.py exert)
    # crew and saddle (later keywords): a creature tapped to pay the cost crews / saddles it; a Vehicle becomes crewed
    # as its crew ability resolves (engine/costs.py, engine/effects.py)
    "crews", "saddles", "becomes_crewed",
    "day_night",  # day became night or night became day (a later rule, Innistrad: Midnight Hunt: engine/transform.py)
    "player_attacked",  # a player attacked a player with one or more creatures (508.1b): a Curse's trigger
    # a creature's combat damage of one step, to whatever it was dealt: once per source (510.2; engine/actions.py)
    "deals_combat_damage",
    "etb", "dies", "ltb", "attacks", "blocks", "attacks_or_blocks", "becomes_blocked", "blocks_or_blocked",
    "blocks_creature", "becomes_blocked_by",  # once for each creature it blocks or that blocks it (509.4)
    "unblocked", "attacks_alone", "attacks_saddled", "combat_damage_player", "combat_damage_creature",
    "combat_damage", "damage_player", "damage_opponent", "deals_damage", "dealt_damage", "tapped", "untapped",
    "becomes_target", "becomes_target_spell", "becomes_target_opponent", "becomes_target_spell_opponent",
    "becomes_target_spell_you",
    "becomes_target_you",  # "... becomes the target of a spell or ability you control" (114.1)
    "becomes_target_player",  # "whenever you become the target of a spell [or ability] ..." (115.1)
    "searched",  # "whenever an opponent searches their library" (701.15a)
    "counters_spell",  # "whenever a spell or ability you control counters a spell" (701.5a)
    "attached",  # "whenever an Aura becomes attached to SELF" (701.3a)
    "etb_or_attacks", "etb_or_dies",
    "blocks_flying", "turned_face_up", "transforms", "explores", "exploited", "monstrous", "renowned", "cast",
    "mutates",  # a spell merged with the permanent (mutate, a later keyword: engine/mutate.py)
    "you_attack",
    "sacrifice", "gain_life", "lose_life", "draw", "discard", "cycle", "scry", "surveil", "crime", "expend",
    "ring_tempts",  # "whenever the Ring tempts you" (a later keyword action: engine/ops/ring.py)
    "pay_life",  # "whenever you pay life" (119.4; engine/actions.py lose_life)
    "investigate",
    "state", "tapped_for_mana", "activate", "step", "counters_put", "leaves_graveyard", "exploits",
    "phases_in", "phases_out",  # 702.25: "whenever SELF phases in / out" (engine/phasing.py)
    "counters_removed",  # "whenever one or more loyalty counters are removed from SELF" (606.4, 119.3c)
    "last_time_counter_removed", "last_counter_removed", "loses_game", "haunted_dies", "creature_to_graveyard",
    "to_graveyard",
    "player_counters",  # a player gets counters of a kind ("whenever you get one or more {E}", 121.1)
    "chapter",  # a Saga's chapter ability ("self": True, "chapter": n; a later rule: engine/saga.py)
    "collect_evidence",  # "whenever you collect evidence" ("who"; a later keyword action, MKM)
    "class_level",  # "when this Class becomes level N" ("self": True, "level": N; a later rule, AFR)
    "solve",  # "whenever you solve a Case" ("who"; a Case became solved, a later rule, MKM: engine/ops/actions.py)
    "unlock_door",  # "when you unlock this door" ("self", "door"; Rooms, a later layout: engine/rooms.py)
    "fully_unlock",  # "whenever you fully unlock a Room" ("who"; Rooms, a later layout: engine/rooms.py)
    "card_to_graveyard",  # "whenever a card is put into an opponent's graveyard from anywhere" ("who", "filter")
    "unattached",  # "whenever SELF becomes unattached from a permanent" ("self"; engine/triggers.py, 701.3)
    "dungeon_completed",  # "whenever you complete a dungeon" ("who"; a later rule: engine/dungeon.py)
    "chaos",  # 309.7, 901.9b: "whenever you roll {CHAOS}" ("who"; engine/planechase.py)
    "planar_die",  # 901.8: the planeswalking ability's "whenever you roll {PW}" (engine/planechase.py)
    "encounter",  # 310.5: "when you encounter SELF" ("self"; a phenomenon turned face up)
    "planeswalk_to",  # 701.21d: "when you planeswalk to SELF" ("self"; a plane turned face up)
    "planeswalk_away",  # 701.21d: "when you planeswalk away from SELF" ("self"; as it is turned face down)
    "planar_roll",  # 901.9: "whenever you roll the planar die" ("who"; whatever face)
    "set_in_motion",  # 904.9, 701.22: "when you set this scheme in motion" ("self"; engine/archenemy.py)
    "room",  # a dungeon's room ability (engine/dungeon.py: put on the stack as the venture marker enters its room)
    "reflexive",  # "When you do, ...": put by the reflexive op as the instruction before it is done (603.7a)
    "combat_damage_player_or_walker",  # "whenever SELF deals combat damage to a player or planeswalker" (510.2)
    "targets_chosen",  # "whenever you and/or at least one permanent you control becomes the target of a spell or
    # ability an opponent controls": once for each spell or ability (engine/triggers.py became_targets, 603.2c)
})


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect primitive with its parameters, e.g. Effect("damage", {"amount": 3, "to": {"target": 0}})."""

    op: str
    args: dict[str, Any] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        return self.args.get(key, default)


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """One target slot (CR 114.1): what may be chosen, and how many.

    ``filter`` is an object filter; ``{"player": True}`` alone means a player, and
    ``{"any": True}`` means a creature, player or planeswalker ("any target", CR 114.1, 2018 wording).
    """

    filter: dict[str, Any]
    text: str
    count: int = 1
    min: int = 1
    chooser: str | None = None   # "opponent": "any target of an opponent's choice" (602.3, 601.3)
    # 601.2c: a target the spell has only when a choice made as it is cast holds ({"kicked": True}: "If this spell
    # was kicked, ... target creature"; {"cast_with": "Gift"}, {"not": {...}}); otherwise it is cast as though it
    # did not require that target (engine/targets.py cast_slots)
    only_if: dict[str, Any] | None = None
    # 601.2c, 107.3: "up to X target creatures, where X is the number of verse counters on SELF": X (the ``count``
    # -1 slot's number) is this amount, counted as the targets are chosen (engine/targets.py counted)
    count_of: dict[str, Any] | None = None


#: Cost.remove_counters' number for "Remove all K counters from SELF" (602.2b: as many as there are then)
ALL_COUNTERS = 1 << 20


@dataclass(frozen=True, slots=True)
class Cost:
    """An activation or additional cost (CR 117, 602.1): mana symbols and other parts."""

    mana: tuple[str, ...] = ()
    tap: bool = False                 # {T}
    untap: bool = False               # {Q}
    sacrifice_self: bool = False
    sacrifice: dict[str, Any] | None = None   # a filter: "Sacrifice a creature"
    discard: int = 0
    discard_self: bool = False        # cycling-like: "Discard this card"
    life: int = 0
    loyalty: int | str | None = None  # planeswalker loyalty ability: +N / -N, or "-X"/"+X" (CR 606)
    remove_counters: tuple[str, int] | None = None   # (kind, n) removed from the source itself; n = ALL_COUNTERS:
    # "Remove all K counters from SELF", as many as it has as the cost is paid (none included), the number its X
    exile_self: bool = False
    bottom_self: bool = False         # "Put SELF on the bottom of its owner's library" (Timestream Navigator)
    return_self: bool = False         # "Return SELF to its owner's hand" (Recurring Nightmare; 602.2b)
    reveal_own_hand: bool = False     # "reveal your hand" (Land Grant's alternative cost; 701.15a)
    reveal_self: bool = False         # "Reveal SELF from your hand" (Tetzimoc): an ability of the card in the hand
    discard_filter: dict[str, Any] | None = None     # "Discard a creature card": the discarded card's filter
    exile_from_graveyard: dict[str, Any] | None = None  # filter plus "amount": exile cards from your graveyard
    exile_from_hand: dict[str, Any] | None = None    # filter plus "amount": "exile a blue card from your hand"
    tap_others: dict[str, Any] | None = None         # filter plus "amount": "Tap an untapped creature you control"
    return_to_hand: dict[str, Any] | None = None     # "Return a land you control to its owner's hand"
    exile_permanent: dict[str, Any] | None = None    # filter plus "amount": "Exile a creature you control" (602.2b)
    # "Remove a +1/+1 counter from a creature you control": the filter of the permanent chosen, its "counter" the kind
    remove_counter_from: dict[str, Any] | None = None
    linked_to_graveyard: int = 0  # "Put a card exiled with SELF into its owner's graveyard" (607.2a, 614.14)
    process: int = 0  # "Put a card an opponent owns from exile into that player's graveyard" (BFZ processors)
    reveal: dict[str, Any] | None = None  # "you may reveal a Dragon card from your hand": up to one, optional
    energy: int = 0  # "Pay {E}{E}": energy counters the player removes (121.1; {E} is a later symbol, Kaladesh)
    mill: int = 0  # "Mill a card": the top cards of the player's library into the graveyard (a later keyword
    # action, 2020, for "put the top card of your library into your graveyard"; 118.3: only with that many)
    # "This ability costs {1} less to activate for each Q / if COND" (602.2b, 601.2f): {"amount": -1, "per": Q}
    # or {"amount": -1, "condition": COND}, applied to the generic mana as the ability is activated
    change: dict[str, Any] | None = None
    reveal_hand: dict[str, Any] | None = None  # "reveal a Merfolk card from your hand": exactly one (701.15)
    put_counters: tuple[str, int] | None = None  # (kind, n) put on the source itself: "Put a -1/-1 counter on SELF"
    # behold (a later keyword action, Tarkir: Dragonstorm): "behold a Dragon": a permanent you control or a card in your
    # hand with that quality, chosen (a card revealed); the filter, with "optional" ("you may behold") and "exile"
    # ("behold an Elf and exile it")
    behold: dict[str, Any] | None = None
    # "Waterbend {5}" (a later keyword action, Avatar: The Last Airbender, 2025): its generic mana may be paid in part
    # by tapping untapped artifacts and creatures its payer controls, each one for {1} (engine/casting.py waterbend)
    waterbend: bool = False
    # "Blight N" (a later keyword action, Lorwyn Eclipsed, 2026): put N -1/-1 counters on a creature its payer
    # controls, chosen as the cost is paid (601.2h; engine/costs.py)
    blight: int = 0
    # "Exile the top N cards of your library" (Whirling Catapult): those cards, face up, into exile (406.3; 118.3: only
    # with that many in the library)
    exile_top: int = 0
    # "Put a card from your hand on top of your library" (Leashling): cards of the payer's hand chosen as it is paid,
    # put there (401.1; which card stays hidden from the other players, 401.2)
    hand_to_library: int = 0
    # "have each other player gain 5 life" (Reverent Silence's alternative cost, 118.9): each other player gains that
    # much life as the cost is paid
    others_gain_life: int = 0
    exert_self: bool = False  # "Exert SELF" (a later keyword action, Amonkhet: engine/actions.py exert)
    # "Unattach SELF" (701.3d: Sunforger; an Equipment's granted "{T}, Unattach SELF: ...", Leonin Bola): the
    # Equipment or Aura stops being attached; only one that is attached can pay it (118.3)
    unattach_self: bool = False
    # craft (a later keyword, The Lost Caverns of Ixalan, 2023): "Exile [materials] from among permanents you
    # control and/or cards in your graveyard": the materials' filter, its "amount", and "or_more" for "one or more"
    craft: dict[str, Any] | None = None

    @property
    def is_free(self) -> bool:
        return self == Cost()


@dataclass(frozen=True, slots=True)
class Ability:
    """A spell ability, activated, triggered, mana or static ability (CR 112.3).

    kind: "spell" | "activated" | "mana" | "triggered" | "static"
    """

    kind: str
    text: str
    effects: tuple[Effect, ...] = ()
    targets: tuple[TargetSpec, ...] = ()
    cost: Cost | None = None
    trigger: dict[str, Any] | None = None      # triggered: {"event": ..., filters}
    condition: dict[str, Any] | None = None    # intervening "if" (603.4) or activation restriction
    optional: bool = False                     # "you may" on the whole ability
    modes: tuple["Ability", ...] = ()          # modal (700.2): each mode an Ability of kind "mode"
    choose: int = 0                            # number of modes to choose (0 = not modal)
    sorcery_speed: bool = False                # "Activate only as a sorcery" / loyalty abilities
    static: dict[str, Any] | None = None       # static: the continuous effect it generates
    zone: str = "battlefield"                  # where it works: battlefield, hand, graveyard, stack
    keyword: str | None = None                 # when this ability comes from a keyword (equip, cycling, ...)
    # 201.4a: an ability a static grants whose text names the granting card ("Equipped creature has '{T}, Sacrifice
    # Blazing Torch: Blazing Torch deals 2 damage to any target'"): its SELF is the granting object, bound as
    # ``granter`` (that object's id) where layer 6 grants it (engine/layers.py); {T} and triggers stay the holder's
    by_granter: bool = False
    granter: int | None = None


@dataclass(frozen=True, slots=True)
class CardDef:
    """A card as the engine knows it: characteristics plus compiled abilities."""

    name: str
    mana_cost: tuple[str, ...]
    types: tuple[str, ...]
    supertypes: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    text: str = ""
    keywords: tuple[str, ...] = ()                 # keyword names (CR 702), e.g. "Flying"
    keyword_args: dict[str, Any] = field(default_factory=dict)  # e.g. {"Protection": ["R"], "Equip": Cost}
    abilities: tuple[Ability, ...] = ()
    unsupported: tuple[str, ...] = ()              # sentences the compiler could not read
    layout: str = "normal"
    faces: tuple["CardDef", ...] = ()              # the other faces of a multi-face card, compiled alike

    @property
    def supported(self) -> bool:
        return not self.unsupported

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


#: the exceptions a copy effect may name (706.9a-c), the keys of a token op's ``copy_except`` and of a clone
#: static's ``except``: colors, P/T and mana cost set; types, subtypes set or added; supertypes removed;
#: keywords and abilities added
#: the keyword_args key of a spell's second kicker cost: "Kicker [cost 1] and/or [cost 2]" means "Kicker [cost 1],
#: kicker [cost 2]" (702.32b); the first is the card's "Kicker", the second an optional additional cost of its own
SECOND_KICKER = "Second kicker"

COPY_EXCEPT_KEYS = frozenset({"colors", "power", "toughness", "mana_cost", "types", "add_types", "subtypes",
                              "add_subtypes", "remove_supertypes", "add_supertypes", "keywords", "keyword_args",
                              "abilities"})


def copy_except(card: CardDef, change: dict[str, Any]) -> CardDef:
    """706.9a-c: a copy with the exceptions its effect names ("except it isn't legendary", "except it's a
    1/1 green Frog", "except it's an artifact in addition to its other types", "except it has haste"):
    they become part of the copy's copiable values (706.9c), so a copy of it copies them too."""
    types = tuple(change.get("types", card.types))
    types += tuple(t for t in change.get("add_types", ()) if t not in types)
    subtypes = tuple(change.get("subtypes", card.subtypes))
    subtypes += tuple(t for t in change.get("add_subtypes", ()) if t not in subtypes)
    gone = set(change.get("remove_supertypes", ()))
    supertypes = tuple(t for t in card.supertypes if t not in gone)
    supertypes += tuple(t for t in change.get("add_supertypes", ()) if t not in supertypes)
    keywords = card.keywords + tuple(k for k in change.get("keywords", ()) if k not in card.keywords)
    kargs = {**card.keyword_args, **{k: (list(card.keyword_args.get(k) or []) + list(v)
                                         if isinstance(v, list) else v)
                                     for k, v in change.get("keyword_args", {}).items()}}
    return replace(card, colors=tuple(change.get("colors", card.colors)), types=types, subtypes=subtypes,
                   supertypes=supertypes, keywords=keywords,
                   keyword_args=kargs,
                   abilities=card.abilities + tuple(change.get("abilities", ())),
                   mana_cost=tuple(change.get("mana_cost", card.mana_cost)),
                   power=change.get("power", card.power), toughness=change.get("toughness", card.toughness))


def shift_targets(x: Any, k: int) -> Any:
    """Effects (or their arguments) with every target number moved ``k`` slots on: the instructions
    of a second text joined after a first one's ``k`` targets (a fused split spell 702.101d, spliced
    text 702.46c-d)."""
    if isinstance(x, Effect):
        return Effect(x.op, shift_targets(x.args, k))
    if isinstance(x, dict):
        if set(x) == {"target"} and isinstance(x["target"], int):
            return {"target": x["target"] + k}
        return {key: shift_targets(v, k) for key, v in x.items()}
    if isinstance(x, list):
        return [shift_targets(v, k) for v in x]
    if isinstance(x, tuple):
        return tuple(shift_targets(v, k) for v in x)
    return x


def joined_spell(first: Ability, *more: Ability) -> Ability:
    """One spell ability following ``first``'s instructions, then each of ``more``'s in order, with
    their targets after ``first``'s (702.101d, 702.46b-d)."""
    effects, targets = list(first.effects), list(first.targets)
    texts = [first.text]
    for ab in more:
        effects += [shift_targets(e, len(targets)) for e in ab.effects]
        targets += list(ab.targets)
        texts.append(ab.text)
    return Ability("spell", " / ".join(texts), effects=tuple(effects), targets=tuple(targets))
