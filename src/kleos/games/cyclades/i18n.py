"""Cyclades's text domain: the marking functions of its catalogues (``locale/<lang>/LC_MESSAGES/cyclades.po``),
kept in the game's package so that the game stays a plug-in (see :mod:`kleos.i18n`); and the game's
nouns in the reader's language: gods, buildings, units, creatures, phases and end reasons.

The data files name gods, buildings and creatures in English (their stable wording); those English
words are marked here so the catalogues hold them, and every surface shows them through these
functions, so a term reads the same on every screen (``docs/glossary-cyclades.md``). A test checks
that every name and effect of the packaged data is marked here.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from kleos.games.cyclades.datamodel import Creature
from kleos.games.cyclades.rules.common import Told
from kleos.games.cyclades.tables import ARES, ATHENA, POSEIDON, ZEUS, Tables
from kleos.i18n import translator

DOMAIN = "cyclades"
_, ngettext, N_ = translator(DOMAIN, Path(__file__).resolve().parent / "locale")

GOD_NAMES = (N_("Poseidon"), N_("Ares"), N_("Zeus"), N_("Athena"), N_("Apollo"))
BUILDING_NAMES = (N_("Port"), N_("Fortress"), N_("Temple"), N_("University"))
CREATURE_NAMES = (N_("Siren"), N_("Pegasus"), N_("Giant"), N_("Chimera"), N_("Cyclops"), N_("Sphinx"),
                  N_("Sylph"), N_("Harpy"), N_("Griffon"), N_("The Fates"), N_("Satyr"), N_("Dryad"),
                  N_("Kraken"), N_("Minotaur"), N_("Chiron"), N_("Medusa"), N_("Polyphemus"))
CREATURE_EFFECTS = (
    N_("Replace a lone enemy fleet in a sea space by one of the summoner's fleets."),
    N_("Move troops of one own island to any island without a fleet chain; other landing rules apply; not "
       "onto a Chiron island."),
    N_("Destroy one non-Metropolis building on any island (not a Chiron island)."),
    N_("Resolve a creature from the discard pile as if summoned, then shuffle the discard pile with the "
       "Chimera into the deck."),
    N_("Replace one own building with a building of another type from the supply."),
    N_("Sell own troops, fleets, Priests and Philosophers for a price each."),
    N_("Free fleet movement of a number of one-space steps this turn, with pick-up and drop-off."),
    N_("Remove one enemy troop from any island to its reserve (not a Chiron island)."),
    N_("Take half, rounded down, of one opponent's gold."),
    N_("Gain your income again, computed now."),
    N_("Take one Philosopher from a chosen opponent."),
    N_("Take one Priest from a chosen opponent."),
    N_("Place the figure on a sea space, destroying the fleets there; it may move on for a price per space; "
       "no fleet may enter or be recruited into its space."),
    N_("On an island: an extra defending unit worth a bonus, lost after all troops there."),
    N_("On an island: no troops may land there and Giant and Harpy cannot target it."),
    N_("On an island: troops there cannot leave it."),
    N_("On an island: no fleet may enter or be recruited into the sea spaces next to it; fleets there are "
       "pushed away or destroyed."),
)
PROPER_NAMES = frozenset({"Pegasus", "Chiron", "Medusa", "Polyphemus"})
"""Creatures named for one being of the myths: English gives them no article ("summon Medusa")."""
PARAMETERS = {"sphinx_price": N_("price per unit"), "sylph_steps": N_("steps"),
              "kraken_move_cost": N_("GP per space moved"), "minotaur_value": N_("defence value")}
PHASES = {"setup": N_("set-up"), "creatures": N_("creatures"), "gods": N_("gods"), "offer": N_("offerings"),
          "action": N_("actions"), "over": N_("game over")}
REASONS = {"metropolises": N_("Metropolises won"), "last standing": N_("last player standing")}
"""The end reasons of :mod:`kleos.games.cyclades.rules.end` (other reasons are the platform's)."""


def term(english: str) -> str:
    """A data name (a god, a building, a creature), or a marked constant, in the reader's language."""
    return _(english)


def god(t: Tables, index: int) -> str:
    return _(t.god_names[index])


def building(t: Tables, index: int) -> str:
    """The building of god ``index`` (Port, Fortress, Temple, University)."""
    return _(t.building_names[index].capitalize())


def creature_name(c: Creature) -> str:
    return _(c.name_en)


def the_creature(c: Creature) -> str:
    """A creature named as a sentence names it: with its article ("the Kraken", "the Fates"), but a
    name that carries its own article ("The Fates") is not given a second one, and the name of one
    being of the myths (:data:`PROPER_NAMES`) none in English ("Medusa")."""
    name = creature_name(c)
    if c.name_en in PROPER_NAMES:
        return name
    if name.startswith("The "):
        return "the " + name[4:]
    return _("the {creature}", creature=name)


def effect(c: Creature) -> str:
    return _(c.effect)


def parameter(name: str) -> str:
    return _(PARAMETERS.get(name, name.replace("_", " ")))


def phase(code: str) -> str:
    return _(PHASES.get(code, code))


def reason(code: str) -> str:
    """An end reason in words (a code the game does not know is shown as it is)."""
    return _(REASONS[code]) if code in REASONS else code


def say(words: Told) -> str:
    """The rules' words about the state (:class:`~kleos.games.cyclades.rules.common.Told`) in the
    reader's language, each nested piece translated too."""
    return _(words.template, **{name: _said(value) for name, value in words.params.items()})


def _said(value: object) -> object:
    if isinstance(value, Told):
        return say(value)
    if isinstance(value, tuple) and all(isinstance(part, Told) for part in value):
        return _(", ").join(say(part) for part in value)
    return value


def seat(t: Tables, index: int) -> str:
    """A player's colour in the reader's language (the colour's English name is the seat's identifier)."""
    return _(t.seat_names[index])


def troops(n: int) -> str:
    return ngettext("{n} troop", "{n} troops", n)


def fleets(n: int) -> str:
    return ngettext("{n} fleet", "{n} fleets", n)


def priests(n: int) -> str:
    return ngettext("{n} Priest", "{n} Priests", n)


def philosophers(n: int) -> str:
    return ngettext("{n} Philosopher", "{n} Philosophers", n)


def metropolises(n: int) -> str:
    return ngettext("{n} Metropolis", "{n} Metropolises", n)


def gold(n: int) -> str:
    return _("{n} GP", n=n)


UNIT_COUNTS: dict[int, Callable[[int], str]] = {POSEIDON: fleets, ARES: troops, ZEUS: priests, ATHENA: philosophers}
"""Each main god's unit, counted ("2 fleets")."""

UNIT_NAMES = {POSEIDON: N_("fleet"), ARES: N_("troop"), ZEUS: N_("Priest"), ATHENA: N_("Philosopher")}
"""Each main god's unit, one of them, for headings and tables."""
