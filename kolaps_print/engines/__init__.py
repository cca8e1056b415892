"""Exact probability engines, one per dice mechanic of the bundled rulesets (data/rulesets/).

Pure arithmetic on fractions.Fraction: no game data is read here, so the model, the tables and
the tests can all call them. KOLAPS's d6 pool keeps its own engine (content/probabilities.py),
which reads its dice rules.
"""
