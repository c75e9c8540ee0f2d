"""The later faces the corpus lacks (engine/cards/later_faces.json.gz, derived by engine/cards/faces_build.py) and
modal double-faced cards (a later layout; in 2016 terms double-faced cards, 711): either face cast or played, the face
up kept on the battlefield, the front face everywhere else (711.4a)."""
from engine.cardpool import default_pool
from engine.cards.compiler import compile_card
from engine.cards.data import make_card, make_face
from engine.cards.db import open_db
from engine.cards.faces_build import forge_cost, forge_faces
from engine.cards.importers import later_faces
from engine.decisions import priority_options
from engine.setup import from_setup
from engine.support import unsupported_reasons


def test_forge_costs_and_faces_are_read_as_mtgjson_face_records():
    assert forge_cost("1 W B") == "{1}{W}{B}"
    assert forge_cost("3 WB WB") == "{3}{W/B}{W/B}"
    assert forge_cost("X G") == "{X}{G}" and forge_cost("2 GP") == "{2}{G/P}" and forge_cost("no cost") == ""
    text = ("Name:Front\nManaCost:1 G\nTypes:Legendary Creature Elf\nPT:2/3\nA:AB$ Mana | Cost$ T\n"
            "Oracle:Flying\\nHaste\n\nALTERNATE\n\nName:Back Land\nManaCost:no cost\nTypes:Land\nColors:green\n"
            "Oracle:{T}: Add {G}.\n")
    front, back = forge_faces(text)
    assert front["type"] == "Legendary Creature — Elf" and front["supertypes"] == ["Legendary"]
    assert front["text"] == "Flying\nHaste" and (front["power"], front["toughness"]) == ("2", "3")
    assert back == {"name": "Back Land", "type": "Land", "types": ["Land"], "text": "{T}: Add {G}.",
                    "colorIndicator": ["G"]}


def test_the_embedded_file_completes_modal_double_faced_cards_and_later_adventures():
    assert later_faces()["kazandu mammoth"][0]["name"] == "Kazandu Valley"
    db = open_db()
    mammoth = db["Kazandu Mammoth"]
    assert mammoth.layout == "modal_dfc" and [f["name"] for f in mammoth.faces] == ["Kazandu Mammoth", "Kazandu Valley"]
    d = compile_card(mammoth)
    assert d.name == "Kazandu Mammoth" and d.types == ("Creature",) and d.faces[0].types == ("Land",)
    assert not unsupported_reasons(d)
    virtue = compile_card(db["Virtue of Persistence"])
    assert virtue.faces[0].name == "Locthwain Scorn" and virtue.faces[0].subtypes == ("Adventure",)
    assert default_pool().definition("Kazandu Mammoth").faces[0].name == "Kazandu Valley"  # the corpus source too


def _card(layout: str, front: dict, back: dict):
    return make_card([make_face(layout=layout, **front), make_face(layout=layout, **back)], layout=layout)


def test_later_faces_whose_rules_are_not_compiled_keep_the_card_unsupported():
    front = {"name": "Dragon", "mana_cost": "{3}{R}", "type_line": "Creature — Dragon", "power": "4",
             "toughness": "4", "text": "Flying"}
    omen = _card("adventure", front, {"name": "Burn", "mana_cost": "{R}", "type_line": "Instant — Omen",
                                      "text": "Burn deals 2 damage to any target."})
    assert not compile_card(omen).unsupported  # an Omen is cast as an Adventure is, then shuffled away
    other = _card("adventure", front, {"name": "Burn", "mana_cost": "{R}", "type_line": "Instant — Arcane",
                                       "text": "Burn deals 2 damage to any target."})
    assert any("neither an Adventure nor an Omen" in u for u in compile_card(other).unsupported)
    room = _card("split", {"name": "Hall", "mana_cost": "{1}{W}", "type_line": "Enchantment — Room",
                           "text": "Creatures you control get +1/+1."},
                 {"name": "Den", "mana_cost": "{2}{W}", "type_line": "Enchantment — Room",
                  "text": "Creatures you control have vigilance."})
    assert not compile_card(room).unsupported  # a Room's doors are compiled (engine/rooms.py plays them)
    flipper = _card("modal_dfc", {"name": "Hero", "mana_cost": "{U}", "type_line": "Creature — Human",
                                  "power": "1", "toughness": "1", "text": "{3}: Transform Hero."},
                    {"name": "Giant", "mana_cost": "{4}{G}", "type_line": "Creature — Giant",
                     "power": "8", "toughness": "8", "text": "Trample"})
    assert any("transforms" in u for u in compile_card(flipper).unsupported)


def _game(hand: list[str], battlefield: list[str]):
    setup = {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": battlefield, "hand": hand, "library": ["Island"] * 3},
        "bob": {"library": ["Forest"] * 3}}}
    return from_setup(setup, default_pool())


def test_the_hand_offers_each_face_a_land_face_as_a_land_play():
    g = _game(["Kazandu Mammoth"], ["Forest"] * 3)
    card = g.players["alice"].hand[0]
    opts = {(o["action"], o.get("card"), o.get("name"), o.get("face")) for o in priority_options(g, "alice")}
    assert ("cast", card, "Kazandu Mammoth", None) in opts and ("play", card, "Kazandu Valley", 1) in opts
    assert ("play", card, "Kazandu Mammoth", None) not in opts  # its front face is no land (305.1)
    g.submit("alice", {"action": "play", "card": card, "face": 1})
    (land,) = [i for i in g.battlefield if g.objects[i].card.name == "Kazandu Valley"]
    assert g.objects[land].tapped and set(g.chars(land).types) == {"Land"}
    assert g.objects[land].chosen["front"].name == "Kazandu Mammoth"


def test_a_prepared_permanent_offers_a_copy_of_its_spell_and_casting_it_unprepares_it():
    g = _game(["Adventurous Eater"], ["Swamp"] * 4)
    card = g.players["alice"].hand[0]
    assert not any(o.get("prepared") for o in priority_options(g, "alice"))  # a card in hand is not prepared
    g.submit("alice", {"action": "cast", "card": card})
    while g.stack:
        g.submit(g.pending.player, {"action": "pass"})
    (eater,) = [i for i in g.battlefield if g.objects[i].card.name == "Adventurous Eater"]
    assert g.objects[eater].chosen.get("prepared") is True  # "This creature enters prepared"
    (opt,) = [o for o in priority_options(g, "alice") if o.get("prepared")]
    assert opt["card"] == eater and opt["name"] == "Have a Bite"
    g.submit("alice", {"action": "cast", "card": eater, "prepared": True, "targets": [eater]})
    spell = g.objects[g.stack[-1]]
    assert spell.card.name == "Have a Bite" and spell.chosen.get("spell_copy")
    assert "prepared" not in g.objects[eater].chosen
    assert not any(o.get("prepared") for o in priority_options(g, "alice"))


def test_the_corpus_source_gives_transform_cards_their_back_faces_as_the_database_does() -> None:
    """A game started without a database (the app's hotseat table, the bench, the fuzz) plays a transform card by
    both its faces (711), as coverage counts it: the back face from the embedded printings, its color indicator
    (204.2) too."""
    from engine.cardpool import CardPool, default_pool
    corpus, db = CardPool(), default_pool()
    for name in ("Delver of Secrets", "Huntmaster of the Fells", "Nicol Bolas, the Ravager"):
        d = corpus.definition(name)
        assert not d.unsupported, (name, d.unsupported)
        assert [f.name for f in d.faces] == [f.name for f in db.definition(name).faces]
    back = corpus.definition("Delver of Secrets").faces[0]  # the faces after the first
    assert back.name == "Insectile Aberration" and back.colors == ("U",)
