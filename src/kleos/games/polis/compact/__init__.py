"""A compact one-line text form of a whole Polis position, for bug reports, fixtures and golden files.

:meth:`PolisGame.position_text` writes one ``field=value`` line per state field (exact, but about
1,300 characters for the set-up); this form says the same in one line of about 300, written with
the notation's names (regions, poleis, projects, markets, cards: those the actions use), so a
reader sees ``Attika:A3`` rather than ``units[6]=3``. Every field of :class:`PolisState` is kept,
hidden ones included (battle hands, the face-down project pile, the generator): it is a full
position, not a player's view. :func:`from_compact` reads exactly what :func:`to_compact` writes
(``from_compact(g, to_compact(g, s)) == s`` and the text is stable).

The package: :mod:`~kleos.games.polis.compact.grammar` (the items every field is made of: numbers,
sides, names, lists, and :class:`CompactError`), :mod:`~kleos.games.polis.compact.positional` (the
player blocks, board and poleis), :mod:`~kleos.games.polis.compact.tags` (the ``field=value`` tags
and their defaults) with :mod:`~kleos.games.polis.compact.pending` (the tags of decisions in
progress: actions, event questions, end-of-round decisions, battles), and
:mod:`~kleos.games.polis.compact.position` (:func:`to_compact` and :func:`from_compact`).

Grammar (fields separated by one space, any whitespace when reading; ``n`` is a decimal integer,
possibly negative)::

    position := edition round phase active player player board poleis tag*
    edition  := ("2012" | "2020") ["/" scenario]    the game's edition and scenario (must match
                                                     the game), e.g. 2012/corinthian_war
    round    := a round name of the edition          2012: 3 4 5a 5b; 2020: Alfa Epsilon Omega
    phase    := round_start | event | turn | battles | end_of_round | over
    active   := side | "-"                           whose turn (``state.active``)
    side     := "A" | "S"                            Athens (seat 0), Sparta (seat 1)
    player   := side ":" n "p," goods "," n "c," n "d," n "+" n "m,@" (polis | "-") [",passed"]
                prestige; goods; cubes and discs in supply; merchants in supply + in port;
                proxenos ("-": captive); "passed" if the side has passed this round.
                Athens' block comes first, then Sparta's.
    goods    := n "." n "." n "." n "." n "." n      iron.wood.wine.oil.silver.wheat, always six
                                                     (oil is 0 in 2020, which has none)
    board    := "-" | region ":" units ("," region ":" units)*
    units    := "A" n ["S" n] | "S" n                hoplites (territory) or galleys (sea) per side;
                                                     regions in map order, empty regions left out
    poleis   := "-" | polis ":" (side | "-") n ("," polis ":" (side | "-") n)*
                                                     owner and cubes; neutral empty poleis left out
    tag      := field "=" value                      a PolisState field (or sub-state) that is
                                                     not at its default, in the order below

Tags (written in this order, each only when its value differs from the default in brackets;
a reader accepts them in any order, each at most once; ``rng`` is required)::

    chance=project|event|die|card     [none]   the pending chance event
    chance_left=n                     [0]
    event=<event id>                  [none]   this round's event card
    event_flags=key:n,key:n           [none]   in order; a key may itself contain ':'
    event_pending=kind:side[:item]*   [none]   an event question (items: n or a name)
    pending=<compound action>         [none]   the decision in progress, by kind:
          hoplites|galleys|merchants:<polis>:<made>    march|sail:<region>:<moved>
          tribute:<territory>:n.n.n (hoplites per column)   proxenos:<region>+<region>... | proxenos:-
          siege:<polis>     trade:purchase|barter:<good>+<good>...:<roll>.<roll>... (or -)
          toll:<action with '~' for spaces>, e.g. toll:march~Thessalia
    turn_actions=verb[*n],...         [none]   verbs taken this turn, in order (verb*n: n in a row)
    turn_create_polis=verb:polis,...  [none]
    sieged_this_turn=polis,...        [none]
    first_passer=side  last_passer=side  eor_marker=side  battle_chooser=side   [-]
    after_battles=turn|end_of_round   [""]
    battle_queue=region,...           [none]
    battle=region,land|sea,attacker,retreat|deal|attack|defend[,key=value]*   [none]
          keys (each omitted at its default): rounds=n [0], retreat_queue=sides e.g. SA [none],
          deal=n.n [0.0], played=card+card [none] (the attacker's cards on the table),
          losses=n [0], discarded=cards [none] (played in earlier combat rounds), A=cards S=cards
          [empty hands]. The deck is not written: it is every copy of the battle's cards (R-BATTLE-8)
          minus the hands, the table and the discards; cards := card["*"n]("+"card["*"n])* with the
          notation's card codes (e.g. Phalanx/Othismos*2+Salpinx)
    eor_step=n [0]   eor_seat=side [A]   eor_pending=feed|phoros|grow:polis[*n]+...|grow:- [none]
    market_pos=good:n,...             [the edition's start spaces]  track index, 0 = first space
    slot_merchant=<market><number>:side,...   [none]  e.g. Persia2:A (slot numbers as in ``trade``)
    tribute_disc=territory:side,...   [none]
    siege_discs=polis:units,...       [none]   units as on the board, e.g. Argos:A1S2
    projects_face_up=project,...      [none]
    project_started=polis:project,... [none]
    projects_done=polis:project+project,...   [none]
    project_pile=project,... | -      [every tile, in table order]  the face-down pile, in order;
          or all-project+project... : every tile in table order but these (written when shorter)
    outcome=reason:side|-:n.n         [none]   why the game ended, winner ("-": none), scores
    steps=n                           [0]      decisions applied so far
    rng=n                                      the generator state (required)

Example (the 2012 set-up, seed 1)::

    2012 3 round_start - A:4p,4.4.4.4.0.4,22c,97d,7+1m,@Athinae S:4p,4.4.4.4.4.0,26c,97d,7+1m,@Sparti
    Attika:A3,Ionia:A2,Lakedaemon:S3,IonionPelagos:S1,Kyklades:A2,MyrtoonPelagos:S1,NotiesSporades:A1
    Athinae:A5,Sparti:S4,Chalkis:A1,Chios:A2,Pylos:S2,Gythion:S1 chance=project rng=100028436902272046

(one line; broken here to fit, and readable as it is: any whitespace separates fields).
Malformed text raises :class:`CompactError` (a ``ValueError``) naming the field that failed; so
does :func:`to_compact` for a state it cannot write (a value no rule produces, such as an owner
that is not a side). Rule switches and corrected data folders are part of the game, not of the
position: read a text with the same :class:`PolisGame` that wrote it.
"""

from kleos.games.polis.compact.grammar import CompactError
from kleos.games.polis.compact.position import from_compact, read_edition_token, to_compact
from kleos.games.polis.compact.tags import TAG_NAMES

__all__ = ["TAG_NAMES", "CompactError", "from_compact", "read_edition_token", "to_compact"]
