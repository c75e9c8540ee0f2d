"""Mutation testing of the rules modules: does breaking a rule make a test fail?

``python -m tools.mutation engine/combat.py ...`` (see docs/mutation.md). The operators are
in ``operators``, the configuration (tests per module, accepted equivalent mutants) in
``config``, the fork-per-mutant runner in ``runner``.
"""
