"""Typed errors: each names what went wrong precisely enough to fix it."""

from __future__ import annotations


class KleosError(Exception):
    """Base of every error Kleos raises on purpose."""


class IllegalAction(KleosError):
    """An action the rules forbid in this state; the state is left unchanged.

    ``rule`` is the rule ID (e.g. ``R-TURN-3``) that the action breaks, so a player, a bug report
    and a test can all point at the same sentence of the rules.

    The rules stay language-free: ``message`` is an English template whose ``{name}`` fields
    ``params`` fill, so each surface can render it in its reader's language from the game's
    catalogue (``template`` and ``params``), while ``message`` keeps the English text for logs.
    """

    def __init__(self, rule: str, message: str, **params: object) -> None:
        text = message.format(**params) if params else message
        super().__init__(f"{rule}: {text}")
        self.rule = rule
        self.message = text
        self.template = message
        self.params = params


def N_(template: str) -> str:
    """Marks an English template (a rule's message, an option's words) for the game's catalogue without
    translating it: the rules stay language-free and import no language layer, while the catalogue
    extraction finds the marked strings and each surface translates them where it shows them."""
    return template


class DataError(KleosError):
    """A game data file that does not validate: names the file and the field."""

    def __init__(self, file: str, field: str, message: str) -> None:
        super().__init__(f"{file}: {field}: {message}")
        self.file = file
        self.field = field
        self.message = message


class RunawayLoop(KleosError):
    """A loop that must end (a game played out, a rollout to its horizon, chance steps settled) passed its
    step cap: a rule that stops a game from moving on fails with this message instead of spinning."""

    def __init__(self, what: str, limit: int) -> None:
        super().__init__(f"{what}: still going after {limit} steps (does a rule stop the game from moving on?)")
        self.what = what
        self.limit = limit
