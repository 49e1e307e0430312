"""The game options of Cyclades: player count, data folder and the data sheet's §9 switches.

Switch definitions come from ``options.json`` (so a value found later can add a choice without code);
:func:`validate_options` checks a caller's options against them and fills in defaults. Every error is an
:class:`~kleos.core.kit.OptionsError` naming the option. :func:`option_specs` declares them for the
lobby and the command lines: each switch is an advanced rules reading, told in a plain sentence per
value (:data:`MEANINGS`), with the data sheet's reason and rule IDs kept as its source.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kleos.core.errors import N_
from kleos.core.kit import FOLDER_NAME, NOT_ONE_OF, UNKNOWN_OPTION, WHOLE_NUMBER, OptionsError, OptionSpec
from kleos.games.cyclades.datamodel import CycladesData

PLAYERS_DEFAULT = 3  # a first game: quicker to learn and to play than 5 (issue 24)
BASE_DECK = "base17"


def validate_options(data: CycladesData, raw: Mapping[str, Any]) -> dict[str, Any]:
    """``raw`` checked and completed: ``players`` (2-5), ``data_dir`` (str or None) and every switch."""
    defs = {o.name: o for o in data.options.options}
    unknown = sorted(set(raw) - {"players", "data_dir", *defs})
    if unknown:
        raise OptionsError(unknown[0], UNKNOWN_OPTION, allowed=", ".join(["players", "data_dir", *sorted(defs)]))
    players = raw.get("players", PLAYERS_DEFAULT)
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 5:
        raise OptionsError("players", WHOLE_NUMBER, least=2, most=5, value=repr(players))
    data_dir = raw.get("data_dir")
    if data_dir is not None and not isinstance(data_dir, str):
        raise OptionsError("data_dir", FOLDER_NAME)
    out: dict[str, Any] = {"players": players, "data_dir": data_dir}
    keys = [c.key for c in data.creatures.creatures]
    for name, spec in defs.items():
        value = raw.get(name, spec.default)
        if spec.values == "keys" and not isinstance(value, str):
            out[name] = _deck(name, value, keys)
            continue
        if not isinstance(value, str) or value not in spec.choices:
            raise OptionsError(name, NOT_ONE_OF, value=repr(value), choices=", ".join(spec.choices))
        out[name] = value
    return out


def _deck(name: str, value: Any, keys: list[str]) -> tuple[str, ...]:
    """A user creature list: distinct known keys (C-DATA-11)."""
    if not isinstance(value, (list, tuple)) or not value or not all(isinstance(k, str) for k in value):
        raise OptionsError(name, N_("must be {deck} or a non-empty list of creature keys"), deck=repr(BASE_DECK))
    for key in value:
        if key not in keys:
            raise OptionsError(name, N_("unknown creature {key}"), key=repr(key))
    if len(set(value)) != len(value):
        raise OptionsError(name, N_("a creature is listed twice"))
    return tuple(value)


def non_default(data: CycladesData, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options that differ from their defaults, for records (``game.options``)."""
    defaults = {o.name: o.default for o in data.options.options}
    out: dict[str, Any] = {"players": options["players"]}
    if options.get("data_dir") is not None:
        out["data_dir"] = options["data_dir"]
    for name, default in defaults.items():
        value = options[name]
        if value != default:
            out[name] = list(value) if isinstance(value, tuple) else value
    return out


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


def option_specs(data: CycladesData) -> tuple[OptionSpec, ...]:
    """The options for the lobby and the command lines: players first, each switch an advanced rules
    reading in plain words (the data sheet's reason and rule IDs as its source)."""
    specs = [OptionSpec("players", N_("How many play, 2 to 5: 3 is a good first game; with 2, each makes two "
                                   "offerings a cycle and needs 3 Metropolises to win."), PLAYERS_DEFAULT,
                        label=N_("Players")),
             OptionSpec("data_dir", N_("a folder of corrected data files that replace the packaged ones"),
                        local_only=True)]
    for o in data.options.options:
        label, help_text, values = MEANINGS.get(o.name, (o.name, o.why, {}))
        meanings = tuple((c, values[c]) for c in o.choices if c in values)
        specs.append(OptionSpec(o.name, help_text, o.default, tuple(o.choices), advanced=True, meanings=meanings,
                                source=f"{o.why} ({', '.join(o.rules)})", label=label))
    return tuple(specs)
