"""Post-game analysis: the searcher's view of every decision of a game record, for every game
through its kit (see :mod:`kleos.analysis.engine` and ``docs/analysis.md``)."""

from kleos.analysis.engine import DEFAULT_BUDGET, DEFAULT_REPEATS, GameAnalysis, StepAnalysis, analyse

__all__ = ["DEFAULT_BUDGET", "DEFAULT_REPEATS", "GameAnalysis", "StepAnalysis", "analyse"]
