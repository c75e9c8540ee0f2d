"""The AI's levels (issue 18): how much it searches and how long it may think.

- ``easy``: the cheap policy alone, with 40% of its actions on an empty stack and 30% of its
  attacks and blocks random (no chump block among them) while the game is not on the line: a
  beginner, loose until a lethal attack is on the board either way, where it plays the rules
  of thumb (engine/ai/policy.py ``on_the_line``).
- ``medium``: one determinization; every candidate answer played out once by the cheap
  policy to the end of this turn; it reads the opponent (``reads``, below: without it, medium
  Shocked into an open Giant Growth and spent its Lightning Bolt where a Shock killed).
- ``hard``: the same to the end of the next turn (the opponent's answer seen), on up to
  60 fresh determinizations, candidates far behind dropped after three (the budget goes to
  the close ones), sampling stopped after eight once the samples settle whether the best other
  answer beats the rule of thumb's (``decided_after``: a clear decision costs little, a close one
  gets the samples), an attack judged by the block the defender makes without seeing the
  attacker's hand (``blind_blocks``, 402.3: each candidate block played to the horizon in a
  determinization from the defender's seat, the worst for the attacker there played on in the
  attacker's own sample; the minimum over blocks in its own sample saw every trick in its hand
  and never let a pump punish a block), or by the defender's best block (each candidate block
  played to the end of combat, the worst for the attacker played on; a block that leaves the
  tapped attacker dead to the counterattack, policy.crack_back, played to the horizon at once:
  302.6, the attackers stay tapped through the defender's turn; ``settle``: each block played
  to the horizon and a horizon before a lethal attack played through that combat, a quiescence
  search that sees a lethal counterattack: without it hard, at 11 life before a swarm of five,
  traded its Elves for a 1/1 down to 2 life instead of chumping a 3/3 to keep 4, because the
  swarm that kills at 2 comes one turn after its horizon, tests/test_ai.py; measured on paired
  deals in the note), a block judged by the
  attacker's best answer to it (509.5: the attacker gets priority first after blocks; a pump at a
  blocked attacker or at one let through, a burn spell at a blocker; each answer judged once the
  turn is over, when a pump's +N/+N has ended, 514.2), until its time budget
  (default 1 s a decision) or its rollouts run out; it reads the opponent (``reads``): its
  instant removal waits while the target's controller could answer it, answers a pump by
  killing its target, and it deals the opponent's hidden hand by what they left untapped; it
  kills with the smallest damage spell that is lethal (Shock at a 2/2, Lightning Bolt kept for a 3/3).
  It weighs a position's terms by the weights fitted to who won (``weights=FITTED``,
  engine/ai/fit.py), a damage spell in its hand by the damage it deals (``burn_mine``, 120.3: not by
  its mana cost, which made two Shocks worth less than the 3/3 they kill together); the other levels
  by the hand-tuned ones. It averages chances of winning
  (``win_scale``, engine/ai/evaluate.py ``win_value``: a rollout that ends the game counts as one
  win or loss among the samples, not as 100,000 points that outweigh the other nineteen), and it
  leaves the rule of thumb only for an answer better on the paired samples by a standard error
  (``confidence``: a gain a lucky sample or two made is not taken), and only after three samples
  (``min_samples``): where its budget cannot give every candidate three (a big combat: eighteen
  blocks, each judged by the attacker's best trick), it keeps the rule of thumb and the best few
  after the first sample (search.Searcher._narrow); before that, one sample of each chose among
  eighteen.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.ai.evaluate import FITTED, TUNED, WIN_SCALE


@dataclass(frozen=True)
class Level:
    name: str
    search: bool
    think_ms: int        # default budget per decision
    cap: int = 16        # candidates compared at most
    horizon: int = 0     # turns after the current one that a rollout plays
    per_candidate: int = 1
    noise: float = 0.0   # random priority actions in the rollouts, or in play (easy)
    combat_noise: float = 0.0  # random attacks and blocks in play (easy)
    det_per_rollout: bool = False
    settle: bool = False  # a horizon before a lethal attack plays that combat first (search.unsettled)
    blocks_reply: bool = False  # attacks judged by the defender's best block
    tricks_reply: bool = False  # blocks judged by the attacker's best answer to them (a pump, a burn spell)
    reads: bool = False  # reads the opponent: instant removal waits while it could be answered and
                         # answers a pump at its target; hidden hands dealt by what the opponent left
                         # untapped (engine/ai/policy.py, engine/ai/determinize.py); a kill made with
                         # the smallest damage spell that does it (policy.thrifty, search.thrift_order)
    weights: tuple[float, ...] = TUNED  # how the search weighs a position's terms (engine/ai/evaluate.py)
    win_scale: float = 0.0  # > 0: a position is worth its chance of winning (evaluate.win_value), not the sum
    confidence: float = 0.0  # > 0: the search leaves the rule of thumb only for an answer better by that
                             # many standard errors of the paired differences (search.Searcher._sure)
    blind_blocks: bool = False  # the defender's block in an attack's judgement is chosen in the defender's
                                # view (the attacker's hand redealt): search.Searcher._blind_block
    rivals_read: bool = False  # with reads, a search's rollouts play the other seats reading too (held removal,
                               # the smallest lethal burn), not by the plain rules of thumb (search.Searcher._policy)
    decided_after: int = 0  # > 0: after that many iterations the search stops once its samples settle
                            # whether to leave the rule of thumb (search.Searcher._decided)
    min_samples: int = 0  # > 1: an answer replaces the rule of thumb only after that many samples, and when the
                          # budget cannot give every candidate that many, the search narrows to the few best
                          # after the first (search.Searcher._narrow, _sure)


LEVELS = {
    "easy": Level("easy", search=False, think_ms=100, noise=0.4, combat_noise=0.3),
    "medium": Level("medium", search=True, think_ms=300, cap=8, horizon=0, per_candidate=1, reads=True),
    "hard": Level("hard", search=True, think_ms=1000, cap=20, horizon=1, per_candidate=60, noise=0.0,
                  det_per_rollout=True, blocks_reply=True, tricks_reply=True, reads=True, weights=FITTED,
                  settle=True, win_scale=WIN_SCALE, confidence=1.0, decided_after=8, blind_blocks=True,
                  rivals_read=True, min_samples=3),
}


def level(name: str) -> Level:
    try:
        return LEVELS[name]
    except KeyError:
        raise ValueError(f"unknown AI level {name!r}: choose one of {', '.join(LEVELS)}") from None
