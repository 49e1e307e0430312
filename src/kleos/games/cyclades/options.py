"""The game options of Cyclades as a typed model: player count, data folder and the data sheet's §9
switches.

:class:`CycladesOptions` declares each option with its default and choices (its type), read by the
platform's one options parser (:mod:`kleos.core.kit.options`); every error is an
:class:`~kleos.core.kit.OptionsError` naming the option. Each switch is an advanced rules reading,
told in a plain sentence per value (:data:`MEANINGS`); ``options.json`` keeps each switch's reason
and rule IDs (shown as its source, :func:`option_sources`) and must agree with the model.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from kleos.core.errors import N_
from kleos.core.kit import OptionsError
from kleos.core.kit.options import option, options_record
from kleos.games.cyclades.datamodel import CycladesData
from kleos.games.cyclades.loader import load_data

PLAYERS_DEFAULT = 3  # a first game: quicker to learn and to play than 5 (issue 24)
BASE_DECK = "base17"


Meaning = tuple[str, str, dict[str, str]]
"""An option in plain words: its short title, what it decides in play, and what each value means."""

MEANINGS: dict[str, Meaning] = {
    "priest_philosopher_supply": (
        N_("Priest and Philosopher cards"),
        N_("How many Priest and Philosopher cards there are to recruit: when they run out, nobody gets more."),
        {"seed": N_("18 Priests and 17 Philosophers, as in the rulebook"),
         "en": N_("16 of each, as in the English edition"),
         "unlimited": N_("never run out")}),
    "gold_supply": (
        N_("Gold in the bank"),
        N_("How much gold the bank holds for incomes and payments."),
        {"unlimited": N_("the bank never runs out"), "98": N_("98 gold pieces"), "100": N_("100 gold pieces")}),
    "territory_markers": (
        N_("Territory markers"),
        N_("How many markers each player has to hold islands without troops."),
        {"unlimited": N_("as many as needed"), "3": N_("3 each: a fourth island without troops cannot be marked")}),
    "die_faces": (
        N_("Battle die"),
        N_("The faces of the battle die rolled by each side in every round of a battle."),
        {"0-1-1-2-2-3": N_("0, 1, 1, 2, 2, 3: one and a half on average"),
         "0-0-1-1-2-3": N_("0, 0, 1, 1, 2, 3: a little lower, battles hinge more on the units")}),
    "start_5p_p2_fleet": (
        N_("5 players: second player's fleet"),
        N_("Where the second player's second fleet starts in a 5-player game."),
        {"r4c6": N_("on the sea at row 4, column 6"), "r6c5": N_("on the sea at row 6, column 5")}),
    "start_4p_p2_fleet": (
        N_("4 players: second player's fleet"),
        N_("Where the second player's second fleet starts in a 4-player game."),
        {"r1c4": N_("on the sea at row 1, column 4, beside only the player's own island"),
         "r3c5": N_("on the sea at row 3, column 5, also beside the first player's island")}),
    "start_2p": (
        N_("2 players: second player's start"),
        N_("Which islands and seas the second player starts on in a 2-player game."),
        {"corrected": N_("islands I2 and I5, each with a fleet beside it"),
         "literal": N_("islands I2 and I8, one fleet next to none of the player's islands"),
         "corner": N_("islands I2 and I8, the second fleet in the corner trade sea")}),
    "siren_isolated": (
        N_("Siren's target"),
        N_("Which enemy fleet the Siren may swap for one of yours."),
        {"alone_in_space": N_("any fleet alone in its sea"),
         "alone_no_adjacent_own": N_("a fleet alone in its sea with no fleet of its owner next to it")}),
    "sylph_move": (
        N_("Sylph's move"),
        N_("How far the Sylph moves your fleets for free."),
        {"steps_10": N_("up to 10 steps of your fleets, one group one sea per step"),
         "one_poseidon_move": N_("one fleet move as Poseidon's, without paying")}),
    "kraken_duration": (
        N_("Kraken stays"),
        N_("How long the Kraken stays on its sea, sinking fleets and barring the way."),
        {"stays": N_("until someone summons it again"),
         "figure_rule": N_("until its summoner's next turn, like the other figures")}),
    "minotaur_mode": (
        N_("Minotaur"),
        N_("How the Minotaur helps the owner of its island defend."),
        {"unit_worth_2": N_("an extra defender worth 2, lost after the troops; it defends an island without troops"),
         "bonus_2": N_("+2 to the defence in every round, never lost; no help on an island without troops")}),
    "chiron_protection": (
        N_("Chiron"),
        N_("What Chiron protects his island from."),
        {"full": N_("no troops may land there at all, and no Pegasus, Giant or Harpy"),
         "pegasus_giant_harpy": N_("only from Pegasus, Giant and Harpy: Ares' troops may still land")}),
    "polyphemus_push": (
        N_("Polyphemus"),
        N_("What happens to fleets in the seas around Polyphemus' island."),
        {"push_one_or_destroy": N_("they are pushed one sea away, or sunk if they cannot move"),
         "block_only": N_("they stay; no new fleet may enter")}),
    "creature_deck": (
        N_("Creature deck"),
        N_("Which creature cards are in the deck."),
        {"base17": N_("the 17 creatures of the base game, one card each")}),
    "end_tie_order": (
        N_("Tie at the end"),
        N_("Who wins when several players complete their Metropolises in the same cycle."),
        {"gold_first": N_("the richest in gold, then the most Metropolises"),
         "metropolises_first": N_("the most Metropolises, then the richest in gold")}),
    "pair_order": (
        N_("3 players: god order"),
        N_("With 3 players, the order of the two gods that were face down when they come up."),
        {"keep": N_("they keep their order"), "random": N_("their order is drawn")}),
}


def _deck(value: Any) -> tuple[str, ...]:
    """A user creature list: distinct known keys (C-DATA-11)."""
    name, keys = "creature_deck", [c.key for c in load_data().creatures.creatures]
    if not isinstance(value, (list, tuple)) or not value or not all(isinstance(k, str) for k in value):
        raise OptionsError(name, N_("must be {deck} or a non-empty list of creature keys"), deck=repr(BASE_DECK))
    for key in value:
        if key not in keys:
            raise OptionsError(name, N_("unknown creature {key}"), key=repr(key))
    if len(set(value)) != len(value):
        raise OptionsError(name, N_("a creature is listed twice"))
    return tuple(value)


def _switch(name: str, default: str) -> Any:
    """An advanced rules reading, in the plain words of :data:`MEANINGS`."""
    label, help_text, values = MEANINGS[name]
    return option(default, help=help_text, label=label, meanings=tuple(values.items()), advanced=True)


@dataclass(frozen=True)
class CycladesOptions:
    """The options of a game of Cyclades, validated; the rules read these fields."""

    players: int = option(PLAYERS_DEFAULT, help=N_("How many play, 2 to 5: 3 is a good first game; with 2, each "
                                                   "makes two offerings a cycle and needs 3 Metropolises to win."),
                          label=N_("Players"), least=2, most=5)
    data_dir: str | None = option(None, help=N_("a folder of corrected data files that replace the packaged ones"),
                                  local_only=True)
    priest_philosopher_supply: Literal["seed", "en", "unlimited"] = _switch("priest_philosopher_supply", "seed")
    gold_supply: Literal["unlimited", "98", "100"] = _switch("gold_supply", "unlimited")
    territory_markers: Literal["unlimited", "3"] = _switch("territory_markers", "unlimited")
    die_faces: Literal["0-1-1-2-2-3", "0-0-1-1-2-3"] = _switch("die_faces", "0-1-1-2-2-3")
    start_5p_p2_fleet: Literal["r4c6", "r6c5"] = _switch("start_5p_p2_fleet", "r4c6")
    start_4p_p2_fleet: Literal["r1c4", "r3c5"] = _switch("start_4p_p2_fleet", "r1c4")
    start_2p: Literal["corrected", "literal", "corner"] = _switch("start_2p", "corrected")
    siren_isolated: Literal["alone_in_space", "alone_no_adjacent_own"] = _switch("siren_isolated", "alone_in_space")
    sylph_move: Literal["steps_10", "one_poseidon_move"] = _switch("sylph_move", "steps_10")
    kraken_duration: Literal["stays", "figure_rule"] = _switch("kraken_duration", "stays")
    minotaur_mode: Literal["unit_worth_2", "bonus_2"] = _switch("minotaur_mode", "unit_worth_2")
    chiron_protection: Literal["full", "pegasus_giant_harpy"] = _switch("chiron_protection", "full")
    polyphemus_push: Literal["push_one_or_destroy", "block_only"] = _switch("polyphemus_push", "push_one_or_destroy")
    creature_deck: str | tuple[str, ...] = option(BASE_DECK, help=MEANINGS["creature_deck"][1],
                                                  label=MEANINGS["creature_deck"][0],
                                                  meanings=tuple(MEANINGS["creature_deck"][2].items()),
                                                  choices=(BASE_DECK,), check=_deck, advanced=True)
    end_tie_order: Literal["gold_first", "metropolises_first"] = _switch("end_tie_order", "gold_first")
    pair_order: Literal["keep", "random"] = _switch("pair_order", "keep")

    def record(self) -> dict[str, Any]:
        """The options that differ from their defaults (the player count always), for records."""
        return options_record(self, always=("players",))

    @staticmethod
    def bank(size: str) -> int | None:
        """A supply option's size in pieces, ``None`` for ``unlimited``."""
        return None if size == "unlimited" else int(size)


def option_sources(data: CycladesData) -> dict[str, str]:
    """Each switch's reason and rule IDs from the data sheet, the source the lobby shows on request."""
    return {o.name: f"{o.why} ({', '.join(o.rules)})" for o in data.options.options}
