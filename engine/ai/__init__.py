"""Bots: players that answer decisions by themselves (issue 3, issue 18).

- ``random_bot``: uniformly random legal answers.
- The AI: ``player.AIPlayer`` (levels in ``levels``) reads the game only through
  ``determinize`` (hidden cards redrawn from what its seat cannot see), judges positions with
  ``evaluate``, plays rollouts with the cheap ``policy`` and compares candidate answers in
  ``search``; ``facts`` holds the few engine lookups it needs beyond the Game contract.
  ``remote.ViewAI`` plays a seat it sees only through views (the LAN bot).
- ``match`` and ``puzzle``: the command lines that measure it; ``fit`` fits the weights of
  the evaluation's terms to who won.
"""
