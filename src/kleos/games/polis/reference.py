"""The parts of the Polis rules reference written from the data: every project tile and every event
card of both editions, with what each costs or does, so that a newcomer can plan before a tile or a
card comes up. Values the data marks ``reconstructed`` say so: the Devir edition's event decks and
project values were not found in print (``kleos polis data --reconstructed``).
"""

from __future__ import annotations

from kleos.core.provenance import ProvenanceRecord
from kleos.games.polis.i18n import _
from kleos.games.polis.loader import EDITIONS
from kleos.games.polis.tables import Tables, tables_for
from kleos.games.polis.text import event_text, event_title, project_text


def reconstructed_mark(record: ProvenanceRecord) -> str:
    """`` (reconstructed)`` when ``record``'s values default to ``reconstructed`` (every record of the
    data files carries its own provenance), else nothing."""
    return " " + _("(reconstructed)") if record.provenance["default"] == "reconstructed" else ""


def project_lines(t: Tables) -> list[str]:
    """Every project tile of ``t``'s edition: cost, prestige, posterity and poleis."""
    records = {p.id: p for p in t.bundle.projects.projects}
    return [f"- [{t.edition}] {project_text(t, tile)}{reconstructed_mark(records[info.id])}"
            for tile, info in enumerate(t.projects)]


def event_lines(t: Tables) -> list[str]:
    """Every event card of ``t``'s edition, deck by deck in round order: title, copies, effect."""
    lines: list[str] = []
    for name in t.round_names:
        for deck in (d for d in t.bundle.events.decks if d.round == name):
            lines.append(_("- [{edition}] round {round}:", edition=t.edition, round=name))
            for card in deck.cards:
                copies = f" ×{card.copies}" if card.copies > 1 else ""
                lines.append(f"  - **{event_title(card)}**{copies}: {event_text(card)}{reconstructed_mark(card)}")
    return lines


def data_sections(own: Tables | None = None) -> str:
    """The reference's sections on projects and event cards, in the reader's language: both editions'
    packaged data, or for the edition of ``own`` those tables (a game's corrected ``data_dir``)."""
    editions = [own if own is not None and own.edition == edition else tables_for(edition) for edition in EDITIONS]
    projects = [_("## Every project tile (R-ACT-PROJECT)"), "",
                _("Cost when started (a whole good type may be paid in silver instead), prestige when it is "
                  "completed at the end of the round, posterity at the end of the game, and the poleis it may "
                  "stand in; one project per polis and round (R-ACT-PROJECT-3..9). [2012] 3 tiles come up at "
                  "each round's start; [2020] 3, 4 and 5 tiles, laid out at set-up and at each round's end "
                  "(R-ROUND-5, R-ROUND-6).")]
    events = [_("## Every event card (R-EVENT)"), "",
              _("One card of the round's deck is read at the start of each round and applied by the reader, "
                "then the opponent (R-ROUND-7, R-ROUND-8).")]
    for t in editions:
        projects.extend(project_lines(t))
        events.extend(event_lines(t))
    return "\n".join(projects) + "\n\n" + "\n".join(events) + "\n"
