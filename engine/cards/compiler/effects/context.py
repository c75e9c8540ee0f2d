"""What a sentence may refer to (Ctx), the reader type, and the phrases readers share
(sources, players, durations, keyword lists).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any, Callable

from engine.cards.abilities import Effect, TargetSpec
from engine.cards.compiler.keywords import protection_qualities
from engine.cards.compiler.subtypes import CREATURE_TYPES, IRREGULAR_PLURALS, subtype
from engine.cards.compiler.targets import KEYWORDS, attached_noun, number, parse_noun, parse_target

#: the compiler's reader of static abilities, which engine/cards/compiler/statics.py (a module that imports this
#: package) puts here as it loads: "until end of turn, you may cast spells ... without paying" is that static
#: for a while (611.2a), read by the same reader as the permanent's
STATIC_READERS: list[Callable[[str], "list[dict[str, Any]] | None"]] = []


@dataclass
class Ctx:
    """What a sentence may refer to: the target slots so far, and the last references."""

    targets: list[TargetSpec] = field(default_factory=list)
    last: Any = None          # the last object reference, for "it" / "that creature" / "them"
    last_player: Any = None   # the last player reference, for "that player"
    x: Any = None             # "where X is ..." binding
    cast_trigger: bool = False  # a "whenever ... casts a spell" trigger: "that spell" is the spell cast (603.2)
    self_cast: bool = False  # a "when you cast SELF" trigger: "it" is the spell itself, on the stack (603.2)
    targeting: bool = False  # a "becomes the target of a spell" trigger: "that spell" is the one that targeted (603.2)
    subject: Any = None  # the reference "it" starts as (a trigger's creature), for "the creature" after a noncreature
    milled_other: bool = False  # another player milled last: "from among them" are those cards (engine r["milled"])
    revealed_hand: Any = None  # the target player who revealed their hand last: "from among those cards" (their hand)
    cast_targets: Any = None  # "whenever you cast a spell that targets one or more permanents": that filter
    lost_life: bool = False  # a "whenever you lose life" trigger: "for each 1 life you lost" is that much (119.3)
    damaged_walker: bool = False  # "whenever ... deals damage to a planeswalker": "that planeswalker" is the one
    # dealt it
    clash_trigger: bool = False  # a "whenever you clash" trigger: "If you won, ..." reads that clash (701.20c)
    # the instructions of the spell's paragraphs before this one, when a paragraph of several sentences opens with
    # "If COND, instead X." (threshold: Toxic Stench): read on from them (engine/cards/compiler/__init__.py)
    prior: list[Any] | None = None

    def __post_init__(self) -> None:
        if self.subject is None:
            self.subject = self.last

    def mark(self) -> tuple[int, Any, Any, Any]:
        """What ``rewind`` puts back: the target slots so far and the last references."""
        return (len(self.targets), self.last, self.last_player, self.x)

    def rewind(self, mark: tuple[int, Any, Any, Any]) -> None:
        """Undo what a reading that gave up added (601.2c: only the words read name targets)."""
        del self.targets[mark[0]:]
        self.last, self.last_player, self.x = mark[1], mark[2], mark[3]

    def add_target(self, spec: TargetSpec) -> dict[str, int]:
        self.targets.append(spec)
        return {"target": len(self.targets) - 1}

    def _target_controller(self) -> Any:
        """"Target creature an opponent controls ... that player": with no player named before, the controller
        of that target (Mutiny, Public Execution, Dong Zhou): the last reference, a target whose filter names
        a controller other than you; None otherwise."""
        t = self.last
        if self.last_player is not None or not (isinstance(t, dict) and set(t) == {"target"}):
            return None
        f = self.targets[t["target"]].filter
        return {"controller_of": t} if f.get("controller") in ("opponent", "not_you") and not f.get("player") \
            else None

    def _fix_filter(self, f: dict[str, Any], target: bool = False) -> dict[str, Any] | None:
        need = f.pop("_needs_player_target", None)
        if need:
            pf: dict[str, Any] = {"player": True}
            if need == "opponent":
                pf["opponent"] = True
            r = self.add_target(TargetSpec(pf, "target " + need))
            self.last_player = r
            for k in ("controller", "owner"):
                if f.get(k) == "that_player":
                    f[k] = r
        else:
            for k in ("controller", "owner"):
                if f.get(k) == "that_player":
                    ctl = self._target_controller()
                    if ctl is not None:  # "each other creature that player controls": other than that target
                        f[k] = ctl
                        if f.get("other") and not target:
                            del f["other"]
                            f["other_than"] = ctl["controller_of"]
                        continue
                    if self.last_player is None:
                        return None
                    f[k] = "opponent" if self.last_player == "each_opponent" else self.last_player
        alts = [a for a in f.get("or") or () if isinstance(a, dict) and "that_player" in (a.get("controller"),
                                                                                            a.get("owner"))]
        if alts:  # "cards from that player's hand and graveyard": the same player in each zone's alternative
            if self.last_player is None:
                return None
            val = "opponent" if self.last_player == "each_opponent" and not need else self.last_player
            for a in alts:
                for k in ("controller", "owner"):
                    if a.get(k) == "that_player":
                        a[k] = val
        return f

    def _not_a_creature(self, ref: Any, controlled: bool = False) -> bool:
        """Is ``ref`` an object reference that cannot be a creature (a chosen or targeted land; with
        ``controlled``, for "that creature's controller", also a card in a graveyard or a hand, which no player
        controls)? Then "that creature" names something the sentence before did not."""
        f = None
        if isinstance(ref, dict) and isinstance(ref.get("choose"), dict):
            f = ref["choose"]
        elif isinstance(ref, dict) and isinstance(ref.get("target"), int) and 0 <= ref["target"] < len(self.targets):
            f = self.targets[ref["target"]].filter
        if not isinstance(f, dict) or f.get("or") or f.get("any"):
            return False
        types = list(f.get("types") or ())
        return controlled and f.get("zone") not in (None, "battlefield", "stack") \
            or bool(types) and "Creature" not in types and "Vehicle" not in (f.get("subtypes") or ())

    def player(self, phrase: str) -> Any:
        """A player phrase to a reference."""
        p = phrase.strip().lower()
        simple = {"you": "you", "each opponent": "each_opponent", "each of your opponents": "each_opponent",
                  "your opponents": "each_opponent", "each player": "each_player", "all players": "each_player",
                  "defending player": "defending_player", "the defending player": "defending_player",
                  "an opponent": "an_opponent", "each other player": "each_other_player"}
        if p in simple:
            if simple[p] in ("each_opponent", "each_player", "an_opponent", "defending_player"):
                self.last_player = simple[p]
            return simple[p]
        if p in ("each player dealt damage this way", "each opponent dealt damage this way"):
            return "dealt_players"  # the players the damage instruction before this one was dealt to
        m = re.fullmatch(r"each (opponent|player) who has (\w+) or more poison counters", p)
        if m and number(m.group(2)):  # corrupted (an ability word of a later set): "Each opponent who has three or
            # more poison counters loses 3 life" (Feed the Infection): those players as it resolves (121.1c, 608.2c)
            return {"each": {"player": True, **({"opponent": True} if m.group(1) == "opponent" else {}),
                             "poison_ge": number(m.group(2))}}
        if p == "the player with the most life":  # (Ghazbán Ogre) the one with more life than each other player
            return {"most": {"life": True}}
        m = re.fullmatch(r"the player who controls the most (.+)", p)
        if m:  # "the player who controls the most creatures" (Wild Mammoth): more of them than each other player
            most = parse_noun(m.group(1))
            if most is None or most.get("player") or most.get("controller") \
                    or most.get("zone", "battlefield") != "battlefield":
                return None
            most.pop("zone", None)
            return {"most": {"count": most}}
        m = re.fullmatch(r"each player who sacrificed an? (.+?) this way", p)
        if m:  # "Each player who sacrificed a creature this way draws two cards" (Infernal Offering): those who
            # controlled one as the instruction before sacrificed it (608.2c; engine/values.py "gone_players")
            gf = parse_noun(m.group(1))
            if gf is None or set(gf) - {"types", "subtypes", "not_types", "token", "zone"}:
                return None
            gf.pop("zone", None)
            return {"gone_players": {"by": "sacrifice", "filter": gf}}
        m = re.fullmatch(r"(any number of|two|up to two) target (players|opponents)(?: each)?", p)
        if m:  # "Any number of target players each gain 6 life" (Hunters' Feast), "Two target players each draw a
            # card" (Huddle Up): the players chosen (115.1, 601.2c)
            g: dict[str, Any] = {"player": True, **({"opponent": True} if m.group(2) == "opponents" else {})}
            n, least = {"any number of": (99, 0), "two": (2, 2), "up to two": (2, 0)}[m.group(1)]
            r0 = self.add_target(TargetSpec(g, p.removesuffix(" each"), count=n, min=least))
            self.last_player = r0
            return r0
        lost = re.fullmatch(r"(target player|target opponent) who lost life this turn", p)
        if lost:  # "Target player who lost life this turn loses 1 life" (Rix Maadi Guildmage): a player whose life
            # total went down this turn (119.3; Player.life_lost_turn), checked as targets are chosen (115.1)
            pf: dict[str, Any] = {"player": True, "lost_life_this_turn": True}
            if lost.group(1).endswith("opponent"):
                pf["opponent"] = True
            r = self.add_target(TargetSpec(pf, p))
            self.last_player = r
            return r
        if p in ("target player", "target opponent", "up to one target player", "up to one target opponent"):
            f: dict[str, Any] = {"player": True}
            if p.endswith("opponent"):
                f["opponent"] = True
            # "up to one target player" (Torgaar): none may be chosen (115.1, 601.2c)
            r = self.add_target(TargetSpec(f, p, min=0) if p.startswith("up to") else TargetSpec(f, p))
            self.last_player = r
            return r
        if p in ("those players", "those players each") and self.last_player in ("each_opponent", "each_player"):
            return self.last_player  # "SELF deals 2 damage to each opponent. Those players each discard ..."
        if p in ("that player", "they", "that opponent", "the player",
                 "that player or that planeswalker's controller"):
            return self.last_player if self.last_player is not None or p == "they" else self._target_controller()
        if p in ("its controller", "that creature's controller", "that permanent's controller",
                 "that spell's controller", "its owner", "that creature's owner", "their controller",
                 "their controllers", "their owners", "its owner's", "the creature's controller",
                 "that artifact's controller", "that land's controller", "that enchantment's controller",
                 "that planeswalker's controller", "that card's owner", "that permanent's owner",
                 "the land's controller", "the permanent's controller", "her controller", "his controller",
                 # "any target ... that player or that permanent's controller" (Chain Lightning): the player, or
                 # the controller of the permanent (engine/values.py keeps a player as it is)
                 "that player or that permanent's controller"):
            base = self.last if self.last is not None else "it"
            if "creature" in p and self._not_a_creature(base, controlled=True):
                return None  # "that creature's controller" after a graveyard card was chosen: not that card
            key = "owner_of" if "owner" in p else "controller_of"
            return {key: base}
        if p in ("that player's", "their"):
            return self.last_player
        m = re.fullmatch(r"(enchanted|equipped) (creature|permanent|artifact|land|planeswalker)'s "
                         r"(controller|owner)", p)
        if m:  # "SELF deals 2 damage to enchanted artifact's controller" (Gremlin Infestation), "enchanted creature's
            # controller sacrifices it" (Parasitic Implant): the player who controls (owns) the object SELF is attached
            # to as the instruction is carried out (303.4, 301.5, 608.2c); "it" after it is that object
            self.last = "attached"
            self.last_player = {("owner_of" if m.group(3) == "owner" else "controller_of"): "attached"}
            return self.last_player
        m = re.fullmatch(r"(target (?:creature|permanent|artifact|enchantment|land|planeswalker|nonland permanent|"
                         r"[a-z]+ creature|spell|instant or sorcery spell|creature spell|noncreature spell))'s "
                         r"(controller|owner)", p)
        if m:  # "Target creature's controller sacrifices it, then that player creates a 5/5 Dragon" (Sarkhan the
            # Mad): the target, and the player who controls (owns) it as the instruction is carried out (608.2c)
            t = self.ref(m.group(1))
            if not (isinstance(t, dict) and "target" in t):
                return None
            self.last = t
            self.last_player = {("owner_of" if m.group(2) == "owner" else "controller_of"): t}
            return self.last_player
        m = re.fullmatch(r"each (player|opponent) who controls (.+)", p)
        if m:  # "Each player who controls a creature with power 4 or greater draws a card" (Shatter the Sky): those
            # players, each as the instruction is carried out (608.2c), in turn order (101.4)
            held = parse_noun(m.group(2))
            if held is None or held.get("player") or "controller" in held or held.get("zone") not in (None,
                                                                                                     "battlefield"):
                return None
            held.pop("zone", None)
            who = {"each": {"player": True, **({"opponent": True} if m.group(1) == "opponent" else {}),
                            "controls": held}}
            self.last_player = who
            return who
        if p == "each of your other opponents" and isinstance(self.last_player, dict) \
                and "target" in self.last_player:  # "If the player chooses others, each of your other opponents
            # sacrifices a creature" (a scheme, 904): your opponents but the player named before (102.3)
            return {"opponents_of": "you", "but": self.last_player}
        m = re.fullmatch(r"each of (that player|its controller|that creature's controller|that spell's controller)'s "
                         r"opponents", p)
        if m:  # "each of that player's opponents draws three cards" (Standstill): 102.3, the opponents of that one
            of = self.player(m.group(1))
            return None if of is None else {"opponents_of": of}
        return None

    def _same_name(self, target: str, others: str) -> Any:
        """The target and every other object of the kind named that has its name (201.2), as one
        group that one instruction affects at once; "its controller controls": the target's."""
        t = self.ref(target)
        if not (isinstance(t, dict) and "target" in t):
            return None
        mine = others.endswith(" its controller controls")
        f = parse_noun(others.removesuffix(" its controller controls"))
        if f is None or f.get("player") or "controller" in f and mine:
            return None
        if f.get("controller") == "that_player" and self.last_player is None:
            mine = True  # "target nonland permanent an opponent controls and all other nonland permanents that
            # player controls with the same name" (Deputy of Detention): that player is the target's controller
        if mine:
            f["controller"] = self.last_player = {"controller_of": t}
        r = {"each": {**f, "same_name_as": t}}
        self.last = r
        return r

    def self_it(self, phrase: str) -> str:
        """"(each creature) blocking it" where "it" is SELF (the last reference): "blocking self", the
        filter's relation to the source (509.1g-509.1h); the phrase unchanged otherwise."""
        if self.last != "self":
            return phrase
        return re.sub(r"\b(blocking or blocked by|blocking or being blocked by|blocking|blocked by) it$", r"\1 self",
                      phrase)

    def ref(self, phrase: str) -> Any:
        """An object or player phrase to a reference, adding a target slot if targeted."""
        p = self.self_it(phrase.strip().lower())
        if p in ("self", "this"):
            return "self"
        m = re.fullmatch(r"the (creature|artifact|enchantment|land|planeswalker) with the (least|greatest) "
                         r"(power|toughness)", p)
        if m:  # "destroy the creature with the least power" (Drop of Honey): any player's, the least now (608.2b);
            # one tied is chosen by the controller as it resolves ("you choose one of them", 608.2d)
            kind = m.group(1).capitalize()
            key = f"{m.group(3)}_{'le' if m.group(2) == 'least' else 'ge'}"
            least_ref = {"choose": {"types": [kind], key: {m.group(2): m.group(3), "among": {"types": [kind]}}},
                         "amount": 1}
            self.last = least_ref
            return least_ref
        if p.endswith(" of an opponent's choice") and p.startswith(("target ", "any target")):
            # 602.3: "any target of an opponent's choice" (Cuombajj Witches): an opponent chooses this target
            r0 = self.ref(p[: -len(" of an opponent's choice")])
            if not isinstance(r0, dict) or "target" not in r0:
                return None
            self.targets[r0["target"]] = replace(self.targets[r0["target"]], chooser="opponent")
            return r0
        if p.endswith(" of their choice") and p.startswith(("target ", "any target")) \
                and self.last_player == {"controller_of": "it"}:
            # "Whenever a creature enters, that creature's controller may have it deal damage equal to its power to any
            # target of their choice" (Pandemonium): the controller of the object of the event chooses the target as
            # the ability is put on the stack (603.3d; engine/triggers.py put_on_stack)
            r0 = self.ref(p[: -len(" of their choice")])
            if not isinstance(r0, dict) or "target" not in r0:
                return None
            self.targets[r0["target"]] = replace(self.targets[r0["target"]], chooser="it_controller")
            return r0
        if p.endswith(" of their choice") and p.startswith("target ") and self.last_player == "trigger_player":
            # "At the beginning of each player's upkeep, destroy target nonartifact creature that player controls of
            # their choice" (The Abyss): the player of the event chooses the target as the ability is put on the
            # stack (603.3d; engine/triggers.py put_on_stack)
            r0 = self.ref(p[: -len(" of their choice")])
            if not isinstance(r0, dict) or "target" not in r0:
                return None
            self.targets[r0["target"]] = replace(self.targets[r0["target"]], chooser="trigger_player")
            return r0
        if self.cast_targets is not None and p in ("those permanents", "that permanent", "those creatures",
                                                   "that creature"):
            # "Whenever you cast a spell that targets one or more permanents, gain control of those permanents" (Dack
            # Fayden's emblem): the spell's targets of that kind, as it was cast (603.2, 115.1)
            return {"targets_of": "it", "filter": self.cast_targets}
        if p == "they" and self.last is not None:
            return self.last
        if re.fullmatch(r"each (?:permanent|card|creature) with the most votes or tied for most votes", p):
            return "voted_most"  # 701.29: the objects a vote for objects chose most (engine/ops/misc.py vote)
        if p == "the chosen player":  # "As SELF enters, choose a player" (614.12): that player (Stuffy Doll)
            return "chosen_player"
        if p in ("the chosen creature", "the chosen permanent", "the chosen artifact"):  # "As SELF enters, choose
            return "chosen_object"  # another creature you control" (614.12, Dauntless Bodyguard): that object
        if self.targeting and p in ("that spell", "that spell or ability", "that ability"):
            self.last = "targeting"  # the spell or ability whose targeting triggered the ability (603.2, 114.1)
            return "targeting"
        if p in ("him", "her", "himself", "herself", "he", "she"):
            # oracle text calls other objects "it": "him"/"her" is the legend itself (Gideon's "dealt to him")
            return "self"
        m = re.fullmatch(r"each other (.+?) that shares? a (color|creature type) with (?:it|that creature|"
                         r"that permanent)", p)
        if m and (isinstance(self.last, dict) and "target" in self.last or self.last in ("attached", "self")):
            # "deals 3 damage to target creature and each other creature that shares a color with it" (105.4),
            # "Enchanted creature and other creatures that share a creature type with it get +1/+1" (205.3m): the
            # colors (creature types) of the object named before, read as the effect resolves; not that object
            f = parse_noun(m.group(1))
            if f is None or f.get("player") or ("colors" if m.group(2) == "color" else "subtypes") in f \
                    or f.get("zone") not in (None, "battlefield"):
                return None
            if m.group(2) == "color":
                return {"each": {**f, "shares_color_with": self.last}}
            return {"each": {**f, "shares_type_with": self.last, "other_than": self.last}}
        m = re.fullmatch(r"(target .+?) and (?:all|each) other (.+?) with the same name as (?:that \w+|it)", p)
        if m:  # "target permanent and all other permanents with the same name as that permanent"
            return self._same_name(m.group(1), m.group(2))
        m = re.fullmatch(r"self and (?:all|each) other (.+?) with the same name as (?:it|self)", p)
        if m:  # "SELF and each other creature with the same name as it get +3/+3 until end of turn" (Cylian
            # Sunsinger): one group of SELF and the others of that kind with its name (201.2)
            sf = parse_noun(m.group(1))
            if sf is None or sf.get("player") or sf.get("zone") not in (None, "battlefield"):
                return None
            group: dict[str, Any] = {"each": {**sf, "same_name_as": "self"}}
            self.last = group
            return group
        if p in ("the player or planeswalker it's attacking", "the player or planeswalker it is attacking",
                 "defending player or the planeswalker it's attacking", "the player or planeswalker that creature is "
                 "attacking"):
            # 506.4: what SELF attacks, or (when "it" is a trigger's creature, not SELF) what that creature attacks
            return "attacked" if self.last in (None, "self") and "that creature" not in p else "attacked_by_it"
        if p in ("the exiled card", "the exiled cards", "the exiled permanent", "cards exiled with self",
                 "all cards exiled with self", "each card exiled with self", "all cards exiled with it",
                 "cards exiled with it") and self.last in (None, "self"):  # ("with it": SELF, the trigger's subject)
            return "linked_exiled"  # 607.2a: the cards this object's linked ability exiled
        if p in ("creatures dealt damage this way", "each creature dealt damage this way",
                 "permanents dealt damage this way"):
            return "dealt"  # the objects the damage instruction before this one was dealt to (engine/ops/damage.py)
        if p == "them" and self.last == "self" and self.last_player is not None:
            return self.last_player  # "deals 2 damage to them": a player ("that player" before it), never SELF
        if p == "them" and self.cast_trigger and self.last in (None, "self", "it"):
            # "Whenever a player casts a spell, if it's not their turn, SELF deals 4 damage to them" (Scytheclaw
            # Raptor): the player who cast it (one spell is "it"; "them" is that player, 603.2)
            return "trigger_player"
        if p in ("each of them", "each of those creatures", "each of those permanents") and self.last is not None \
                and self.last != "self":
            return self.last  # "tap up to two target creatures and put a stun counter on each of them"
        m = re.fullmatch(r"(?:any|each|all) of (?:them|those creatures|those permanents) that (?:are|is) (.+)", p)
        if m and isinstance(self.last, dict) and "target" in self.last:
            # "Up to three target creatures can't block this turn. Destroy any of them that are Walls." (Blow Your
            # House Down): those of the targets the noun names, as the instruction is carried out (608.2c)
            f = parse_noun(m.group(1))
            if f is None or f.get("player") or f.get("zone") not in (None, "battlefield"):
                return None
            return {"each": {**f, "among_ref": self.last}}
        m = re.fullmatch(r"each (creature|other creature) blocking (?:it|that creature)", p)
        if m and self.last not in (None, "self"):
            # "whenever a Beast becomes blocked, each creature blocking it gets -1/-1": the blockers of the
            # object named before, read as the effect resolves (509.1g; engine/values.py bind_refs)
            return {"each": {"types": ["Creature"], "blocking_ref": self.last}}
        if p in ("the creature", "that creature") and isinstance(self.last, dict) and "choose" in self.last \
                and isinstance(self.last["choose"], dict) and self.last["choose"].get("types") \
                and "Creature" not in self.last["choose"]["types"] and self.subject not in (None, "self"):
            # "Whenever equipped creature attacks, you may return a land you control to its owner's hand. If you do,
            # the creature gets +2/+2" (Slab Hammer): the creature named before the land, not the land
            return self.subject
        if re.fullmatch(r"that (?:(?:non)?(?:land|creature|artifact|enchantment|permanent|instant|sorcery) )+card", p) \
                and self.last not in (None, "self"):
            # "you may return that nonland permanent card to the battlefield instead" (Emeria Shepherd)
            return self.last
        if p == "that planeswalker" and self.damaged_walker:
            return "damaged"  # the planeswalker the trigger's source dealt damage to (120.3)
        kind = re.fullmatch(r"that ([a-z]+)", p)
        if kind and self.last == "it" and subtype(kind.group(1)) in CREATURE_TYPES:
            return "it"  # "Whenever a Sliver becomes blocked, that Sliver gets +1/+1 ..." (Spined Sliver): the creature
            # the trigger names (603.2), called by its creature type
        if p == "the other creature" and self.last == "damaged":
            return "damaged"  # "Whenever enchanted creature deals damage to a creature, destroy the other creature"
            # (Venomous Fangs): the creature dealt the damage, not the source (120.3)
        if p in ("it", "that creature", "that permanent", "them", "those creatures", "that card", "that land",
                 "those cards", "those permanents", "that spell", "the creature", "that token", "those tokens",
                 "that artifact", "the token", "the exiled card", "that enchantment", "those lands", "that vehicle",
                 "that mount or vehicle"):
            if "creature" in p and self.last is not None and self._not_a_creature(self.last):
                # "you may return a land you control ... If you do, the creature gets +2/+2": not the land
                return None
            if p in ("them", "those creatures", "those permanents", "those cards", "those tokens", "those lands") \
                    and isinstance(self.last, dict) and set(self.last) == {"target"} and len(self.targets) > 1 \
                    and self.targets[self.last["target"]].count == 1:
                # "target creature gets +3/+3, up to one other target creature gets +2/+2 ... Those creatures gain
                # vigilance" (Arm the Cathars): all the targets named, not the last one (not read)
                return None
            if isinstance(self.last, dict) and set(self.last) == {"each"} and isinstance(self.last["each"], dict) \
                    and self.last["each"].get("zone") in ("graveyard", "exile", "hand", "library"):
                # "Return each creature card ... from your graveyard to the battlefield. Exile those creatures at the
                # beginning of your next upkeep" (Rally the Ancestors): the cards named, where this effect moved them
                # (400.7, 603.7c; engine/values.py refs "moved")
                return {**self.last, "moved": True}
            return self.last if self.last is not None else "it"
        if p in ("that permanent or player", "that creature or player") and self.targets \
                and self.targets[-1].filter.get("any") and self.targets[-1].count == 1:
            # "Prevent the next 2 damage that would be dealt to any target this turn. If SELF was kicked, prevent the
            # next 4 damage that would be dealt to that permanent or player this turn instead." (Orim's Touch): the
            # "any target" slot named again (114.1a, 115.1)
            return {"target": len(self.targets) - 1}
        if p in ("that player or planeswalker", "that player or that planeswalker", "that opponent or planeswalker"):
            # "... target player or planeswalker ... 3 damage to that player or planeswalker": the last
            # target slot that may be a player or a planeswalker (114.1a, one target named again)
            slots = [i for i, t in enumerate(self.targets)
                     if t.filter.get("player") and t.filter.get("types") == ["Planeswalker"]]
            return {"target": slots[-1]} if slots else None
        m = re.fullmatch(r"the (creature|permanent) (you control|you don't control|an opponent controls)", p)
        if m:  # "choose target creature you control and target creature you don't control. The creature you
            # control gets ...": the one target slot of this spell that names that controller (115.1)
            who = {"you control": "you", "you don't control": "not_you", "an opponent controls": "opponent"}[m.group(2)]
            slots = [i for i, t in enumerate(self.targets) if t.filter.get("controller") == who]
            return {"target": slots[0]} if len(slots) == 1 else None
        if p in ("the army you amassed", "the amassed army"):
            # "Amass Zombies 2, then the Army you amassed deals damage ..." (Widespread Brutality): the Army the
            # amass instruction before put counters on (a later keyword action, War of the Spark)
            self.last = "amassed"
            return "amassed"
        if attached_noun(p):
            self.last = "attached"  # "tap enchanted creature. ... put three stun counters on it": it is that
            return "attached"  # creature (608.2c), not SELF
        pl = self.player(p)
        if pl is not None:
            return pl
        spec = parse_target(p) if "target" in p and not re.match(r"(each|all|every) ", p) else None
        if spec is None and "target" in p and not re.match(r"(each|all|every) ", p) \
                and not re.search(r"\btarget (?:player|opponent) controls$", p):
            return None  # not a target; "creatures target opponent controls" is a group (below)
        if spec is not None:
            f = self._fix_filter(dict(spec.filter), target=True)
            if f is None:
                return None
            spec = replace(spec, filter=f)
            r: dict[str, Any] = self.add_target(spec)  # a reference: {"target": n}, {"choose": f}, {"each": f}
            if spec.filter.get("player") and not spec.filter.get("types") and not spec.filter.get("any"):
                self.last_player = r
            else:
                self.last = r
                if spec.filter.get("player") and spec.filter.get("types") == ["Planeswalker"]:
                    # "target player or planeswalker ... that player or that planeswalker's controller":
                    # the player chosen, or the chosen planeswalker's controller (306.2)
                    self.last_player = {"controller_of": r}

            return r
        m = re.fullmatch(r"each of ((?:up to )?(?:one|two|three|four|five|six|x|one or two|one, two, or three) "
                         r"(?:(?:other )?target .+|targets))", p)
        if m:  # "deals 1 damage to each of up to two target creatures": each target the same (115.1)
            return self.ref(m.group(1))
        if re.fullmatch(r"each of (?:up to )?(?:one|two|three|four|five|six) other targets", p):
            # "... to any target and 3 damage to each of up to two other targets": not the ones chosen
            # for the ability's other targets (115.3)
            other = parse_target(p)
            if other is None:
                return None
            r_other = self.add_target(other)
            self.last = r_other
            return r_other
        m = re.fullmatch(r"up to (one|two|three|four|five|six|seven) (.+)", p)
        if m and "target" not in p:  # "untap up to two lands": chosen as the effect resolves (608.2c)
            f = parse_noun(m.group(2))
            if f is None or f.get("player"):
                return None
            f = self._fix_filter(f)
            if f is None:
                return None
            r = {"choose": f, "amount": _UP_TO[m.group(1)], "up_to": True}
            self.last = r
            return r
        m = re.fullmatch(r"any number of (.+?)(?: with different (names|mana values))?( (?:from|in) .+)?", p)
        if m and "target" not in p:  # "return any number of cards with different mana values from your
            # graveyard" (Seasons Past): chosen as the effect resolves (608.2c), none of them alike
            f = parse_noun(m.group(1) + (m.group(3) or ""))
            if f is None or f.get("player") or m.group(2) and f.get("zone") in (None, "battlefield", "stack"):
                return None
            f = self._fix_filter(f)
            if f is None:
                return None
            r = {"choose": f, "amount": 99, "up_to": True}
            if m.group(2):
                r["different"] = "name" if m.group(2) == "names" else "mana_value"
            self.last = r
            return r
        m = re.fullmatch(r"(a|an) (.+?) of an opponent's choice( from .+)?", p)
        if m and "target" not in p:  # "return a nonland card of an opponent's choice from your graveyard" (Tasigur):
            # an opponent chooses it as the effect resolves (608.2c; of several, one the controller names)
            f = parse_noun(m.group(2) + (m.group(3) or ""))
            if f is None or f.get("player"):
                return None
            f = self._fix_filter(f)
            if f is None:
                return None
            r = {"choose": f, "chooser": "opponent"}
            self.last = r
            return r
        m = re.fullmatch(r"the top ((?:[a-z ]+? )?card) of your graveyard", p)
        if m:  # "Return the top creature card of your graveyard to the battlefield" (Shallow Grave): of the cards of
            # that kind, the one nearest the top of the pile (404.2), as the effect resolves (608.2c); none if none
            f = parse_noun(m.group(1) + " from your graveyard")
            f = None if f is None or f.get("player") or f.get("zone") != "graveyard" else self._fix_filter(f)
            if f is None:
                return None
            r = {"choose": {**f, "topmost": True}}
            self.last = r
            return r
        m = re.fullmatch(r"(a|an|one|two|three) (.+?) at random( from .+)", p)
        if m and "target" not in p:  # "return a Zombie card at random from your graveyard to your hand": the
            # objects are chosen by no player, at random (701.7b-like), as the effect resolves (608.2c)
            f = parse_noun(m.group(2) + m.group(3))
            if f is None or f.get("player") or f.get("zone") in (None, "battlefield", "stack"):
                return None
            f = self._fix_filter(f)
            if f is None:
                return None
            r = {"choose": f, "random": True}
            if m.group(1) in _UP_TO:
                r["amount"] = _UP_TO[m.group(1)]
            self.last = r
            return r
        m = re.fullmatch(r"(a|an|one) (.+?) at random( that .+)?", p)
        if m and "target" not in p:  # "Choose a creature at random that attacked this turn. Destroy that creature."
            # (Metzali, Tower of Triumph): a permanent chosen by no player, at random (701.7b-like), as it resolves
            f = parse_noun(m.group(2) + (m.group(3) or ""))
            if f is None or f.get("player") or f.get("zone") not in (None, "battlefield"):
                return None
            f = self._fix_filter(f)
            if f is None:
                return None
            r = {"choose": f, "random": True}
            self.last = r
            return r
        m = re.fullmatch(r"(two|three|four|five) (.+? you control|.+? from your graveyard)", p)
        if m and "target" not in p:  # "return two Forests you control to their owner's hand" (Bull Elephant): your
            # own, that many, chosen by you as the effect resolves (608.2c; as many as there are, 701.17a-like)
            f = parse_noun(m.group(2))
            f = None if f is None or f.get("player") else self._fix_filter(f)
            if f is None:
                return None
            r = {"choose": f, "amount": _UP_TO[m.group(1)]}
            self.last = r
            return r
        m = re.fullmatch(r"(a|an|another|one) (.+)", p)
        if m and "target" not in p:
            f = parse_noun(("another " if m.group(1) == "another" else "") + m.group(2))
            if f is None or f.get("player"):
                return None
            f = self._fix_filter(f)
            if f is None:
                return None
            r = {"choose": f}
            self.last = r
            return r
        m = re.fullmatch(r"(?:each|all) (.+?) attached to (that creature|it|that permanent|target .+)", p)
        if m:  # "destroy all Equipment attached to that creature" (Turn to Slag): what the reference names then
            f, ref = parse_noun(m.group(1)), self.ref(m.group(2))
            if f is None or f.get("player") or f.get("zone") not in (None, "battlefield") \
                    or not (isinstance(ref, dict) and "target" in ref or ref == "it"):
                return None
            r = {"each": {**f, "attached_ref": ref}}
            self.last = r
            return r
        m = re.fullmatch(r"(?:each|all) (.+?) and (?:each|all) (.+)", p) \
            or re.fullmatch(r"((?:white|blue|black|red|green) creatures) and ((?:white|blue|black|red|green) "
                            r"creatures)", p)
        if m and "target" not in p:  # (also "Green creatures and white creatures can't block this turn": Flash of
            # Defiance)  # "destroy all creatures you don't control and all planeswalkers you don't
            # control" (In Garruk's Wake): one group of the two kinds (608.2c)
            fa, fb = parse_noun(re.sub(r" on the battlefield$", "", m.group(1))), parse_noun(m.group(2))
            fa = self._fix_filter(fa) if fa is not None else None
            fb = self._fix_filter(fb) if fb is not None else None
            suspended = fb == {"zone": "exile", "suspended": True}
            carded = fb is not None and fb.get("zone") == "graveyard" and not fb.get("player") \
                and not fb.get("_needs_player_target")  # "all creature cards in graveyards" (Soulquake)
            if fa is not None and (suspended or carded) and fa.get("zone") in (None, "battlefield") \
                    and not fa.get("player"):
                # "each permanent and each suspended card" (Dust of Moments): the permanents and the suspended cards
                # in exile (702.61b); "all creatures on the battlefield and all creature cards in graveyards"
                # (Soulquake): each alternative with its zone (engine/values.py refs)
                fa = {**fa, "zone": "battlefield"}
            elif fa is None or fb is None or fa.get("player") or fb.get("player") \
                    or {fa.get("zone"), fb.get("zone")} - {None, "battlefield"}:
                return None
            r = {"each": {"or": [fa, fb]}}
            self.last = r
            return r
        m = re.fullmatch(r"(each|all|every) (.+?) except (?:for )?(.+)", p)
        if m:
            f, g = parse_noun(m.group(2)), parse_noun(m.group(3))
            if f is None or g is None:
                return None
            r = {"each": {**f, "not": g}}
            self.last = r
            return r
        m = re.fullmatch(r"(each|all|every) (.+)", p)
        if m is None and _PLURAL_HEAD.search(p) and not p.startswith(("a ", "an ", "the ", "that ", "this ")):
            m = re.fullmatch(r"()(.+)", p)
        typed = re.fullmatch(r"(?:other )?([a-z]+) creatures", p) if m is None else None
        if typed and subtype(typed.group(1)) in CREATURE_TYPES:  # "Elf creatures get +2/+2 until end of turn" (Gempalm
            m = re.fullmatch(r"()(.+)", p)  # Strider), "other Mercenary creatures": every creature of that type
        if m:
            f = parse_noun(m.group(2))
            if f is None:
                return None
            f = self._fix_filter(f)
            if f is None:
                return None
            if f.get("player") and set(f) <= {"player", "opponent"}:
                return "each_opponent" if f.get("opponent") else "each_player"
            if f.get("other") and f.get("token") and self.last == "created":
                # "create a token that's a copy of it ... Then exile all other Nightmare tokens you control"
                # (Abyssal Harvester): other than the tokens just created (608.2c), not SELF
                del f["other"]
                f["other_than"] = "created"
            r = {"each": f}
            self.last = r
            return r
        return None


_UP_TO = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
#: the plural of a creature type that doesn't end in "s" ("Mice you control get +1/+0", "Merfolk you control"; 205.3)
_IRREGULAR_PLURALS = "|".join(sorted((k for k in IRREGULAR_PLURALS if not k.endswith("s")), key=len, reverse=True))
_PLURAL_HEAD = re.compile(
    rf"\b(creatures|permanents|artifacts|enchantments|lands|planeswalkers|tokens|[a-z]+s|{_IRREGULAR_PLURALS}) "
    r"(you control|your opponents control|an opponent controls|you don't control|"
    r"target player controls|target opponent controls|that player controls|defending player controls|they control|"
    r"your team controls)|"
    r"^(?:other |attacking |blocking |tapped |untapped |nontoken |non[\w-]+ |white |blue |black |red |green )*"
    r"(?:[a-z]+ )?(creatures|permanents|artifacts|enchantments|lands|planeswalkers|tokens)(?: with .+| without .+|"
    r" of the creature type of your choice)?$|"
    r"^(?:attacking|blocking|other|tapped|untapped) [a-z]+s$"  # "Dragon creatures", "attacking Warriors" (a group)
)


ReadFn = Callable[[re.Match, Ctx], "list[Effect] | None"]


@dataclass(frozen=True)
class Reader:
    """One sentence form: the pattern a whole sentence must match, and the function that reads
    the match into effects (None: not this form after all; the next reader is tried)."""

    pattern: re.Pattern
    read: ReadFn

    def __call__(self, m: re.Match, c: Ctx) -> list[Effect] | None:
        return self.read(m, c)


def reader(pattern: str) -> Callable[[ReadFn], Reader]:
    """Declare a reader; each family module lists its readers in READERS (no registration)."""
    def deco(fn: ReadFn) -> Reader:
        return Reader(re.compile(pattern, re.I), fn)
    return deco


#: 702.21b-c: "bands with other [quality]": the qualities this engine reads (engine/combat.py band_quality)
BANDS_WITH_OTHER = re.compile(r"bands with other (legendary creatures|creatures named [^,\"]+?)\.?", re.I)


def bands_with_other(text: str) -> str | None:
    """702.21b: "bands with other legendary creatures", "bands with other creatures named Wolves of the Hunt" as the
    keyword this engine grants ("Bands with other legendary creatures", the name kept as printed); None otherwise."""
    m = BANDS_WITH_OTHER.fullmatch(text.strip())
    return None if m is None else "Bands with other " + m.group(1)[0].lower() + m.group(1)[1:]


def keyword_list(text: str) -> list[str] | None:
    # "protection from red and from blue" is one keyword with two qualities (702.16g): kept whole
    bwo = bands_with_other(text)
    if bwo is not None:  # 702.21b: one keyword, its quality may hold "and" ("creatures named Cat and Mouse")
        return [bwo]
    if text.strip().lower() in ('all "bands with other" abilities', "all bands with other abilities"):
        return ["Bands with other"]  # 702.21b: every "bands with other" ability of it (engine/layers.py)
    if text.strip().lower() in ('banding and all "bands with other" abilities',):
        return ["Banding"]  # 702.21b: a permanent that loses banding loses all "bands with other" abilities too
    low = re.sub(r"(protection from [a-z]+)((?:,? (?:and )?from [a-z]+)+)",
                 lambda m: m.group(1) + re.sub(r",? (?:and )?from ", "\x00", m.group(2)), text.lower())
    parts = [p.strip().replace("\x00", " and from ") for p in re.split(r",\s*(?:and\s+)?|\s+and\s+", low)
             if p.strip()]
    out = []
    for p in parts:
        m = re.fullmatch(r"protection from (white|blue|black|red|green|creatures|artifacts|everything|each color|"
                         r"all colors|multicolored|monocolored|colorless)", p)
        if m:
            q = m.group(1)
            out.append("Protection from " + q)
            continue
        m = re.fullmatch(r"protection from ((?:white|blue|black|red|green)"
                         r"(?: and from (?:white|blue|black|red|green))+)", p)
        if m:  # "has protection from red and from blue" (Sword of Fire and Ice): both qualities (702.16g)
            out.append("Protection from " + m.group(1))
            continue
        if p in ("nonbasic landwalk", "legendary landwalk"):  # 702.14a: a landwalk of that quality, granted
            out.append(p.capitalize())  # ("Equipped creature has nonbasic landwalk": Trailblazer's Boots)
            continue
        if p == "protection from the chosen player":  # 702.16j: the player chosen as it entered (614.12)
            out.append("Protection from the chosen player")
            continue
        if p == "protection from the chosen color":  # the color chosen as its source entered (614.12; bound by
            out.append("Protection from the chosen color")  # engine/layers.py chosen_protection)
            continue
        if p == "protection from the color of your choice":
            out.append("Protection from chosen color")
            continue
        if p == "protection from the color of its controller's choice":  # chosen by the creature's controller
            out.append("Protection from chosen color (its controller's choice)")  # (608.2d; engine/ops/continuous)
            continue
        m = re.fullmatch(r"protection from (artifacts|colorless) or from the color of your choice", p)
        if m:  # "protection from artifacts or from the color of your choice": one quality chosen (702.16a)
            out.append("Protection from chosen color or " + m.group(1))
            continue
        m = re.fullmatch(r"hexproof from (white|blue|black|red|green)", p)
        if m:
            out.append("Hexproof from " + m.group(1))
            continue
        m = re.fullmatch(r"protection from ([a-z][a-z -]+)", p)
        if m and not re.search(r"\b(?:chosen|choice|your|their|its|that|target|each of)\b", m.group(1)):
            # "protection from non-Human creatures", "from Vampires" (702.16a: a quality that is a kind of
            # object; the granted keyword's quality is read back by keywords.protection_qualities)
            qs = protection_qualities(m.group(1))
            if qs and all(isinstance(q, dict) and set(q) <= {"types", "and_types", "subtypes", "not_subtypes",
                                                              "not_types", "colors", "supertypes"} for q in qs):
                out.append("Protection from " + m.group(1))
                continue
        m = re.fullmatch(r"(bushido|rampage|frenzy|absorb|annihilator|poisonous|afflict|toxic|firebending|crew|"
                         r"afterlife) (\d+)", p)
        if m:  # a keyword with its number, granted as printed (702.44a, 702.22a, 702.67a, 702.63a, ...; afterlife, a
            # later keyword: its triggered ability for that number, engine/layers.py _grant_plan)
            out.append(m.group(1).capitalize() + " " + m.group(2))
            continue
        if p == "mentor":  # a later keyword (Guilds of Ravnica): granted, its triggered ability (engine/layers.py)
            out.append("Mentor")
            continue
        if p not in KEYWORDS:
            return None
        out.append(p[0].upper() + p[1:])
    return out


SRC = r"(self|it|that creature|enchanted creature|equipped creature|target creature you control|target creature|" \
      r"the creature|each creature|that permanent|this token|he|she)"  # "she deals": the legend itself (ref)


DUR = r"(?: (until end of turn|this turn|until your next turn))?"


def source_ref(p: str, c: Ctx) -> Any:
    return c.ref(p)


PLAYER = (r"(you|each of (?:that player|its controller)'s opponents|each of your other opponents|"
          r"target player|target opponent|each player|each opponent|each other player|that player|that opponent|"
          r"its controller|its owner|"
          r"defending player|they|that creature's controller|that player or that planeswalker's controller|"
          r"that (?:permanent|land|artifact|enchantment)'s controller|"
          r"that spell's controller|"
          r"(?:any number of|two|up to two) target (?:players|opponents)(?: each)?|those players(?: each)?|"
          r"target (?:player|opponent) who lost life this turn|each (?:player|opponent) who controls [a-z0-9 ,/+-]+?|"
          r"each player who sacrificed an? [a-z -]+? this way|each (?:player|opponent) who has \w+ or more poison "
          r"counters)")


DURATIONS = {"until end of turn": "eot", "this turn": "eot", "until your next turn": "your_next_turn", None: "eot",
             "until your next upkeep": "your_next_upkeep",  # ends as its controller's next upkeep step begins
             "until end of combat": "this_combat",  # ends as the combat phase ends (511.3, engine/actions.py until_of)
             "for as long as you control self": "while_you_control_self", "for the rest of the game": "permanent",
             # 611.2b: it ends as SELF becomes untapped (or leaves, or, with "you control", changes control)
             "for as long as self remains tapped": "while_self_tapped",
             "for as long as self remains on the battlefield": "while_source_on_battlefield",
             "for as long as you control self and self remains tapped": "while_you_control_self_tapped"}
#: the pattern of the durations an instruction may end with (each DURATIONS key but "this turn" and None)
TAPPED_DURATIONS = r"for as long as (?:you control self and )?self remains tapped"
#: 611.2b: the durations tied to SELF (they end when it leaves the battlefield, changes controller or untaps, as
#: they say); the ops that take them
SOURCE_DURATIONS = re.compile(r"(for as long as (?:you control self and )?self remains tapped|for as long as self "
                              r"remains on the battlefield|for as long as you control self)")
SOURCE_DURATION_OPS = frozenset({"pump", "switch_pt", "grant", "restrict", "gain_control", "animate", "color"})
