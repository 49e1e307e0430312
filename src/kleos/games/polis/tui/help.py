"""Help texts of Polis in the terminal app: each verb's rules in brief with their rule IDs, the
keys, the rules reference and the first-game guide.

The rule IDs are those of the rules specification (R-… rules, A-… rulings), so a player who wants
the full wording can look a rule up by its ID. Text that differs by edition is marked [2012] or
[2020].
"""

from __future__ import annotations

from dataclasses import dataclass

from kleos.core.kit.terminal import VerbHelp
from kleos.games.polis.game import PolisGame
from kleos.games.polis.i18n import N_, _
from kleos.games.polis.reference import data_sections
from kleos.games.polis.tables import tables_for

ACTION_HELP: dict[str, VerbHelp] = {
    # ----- the eleven (twelve) actions of a turn
    "hoplites": VerbHelp(
        N_("Create hoplites"),
        N_("Pick one polis you own (not Epidamnos or Abdera). Each hoplite costs 1 iron/metal or 1 silver and "
        "moves one population cube from the polis card into its territory. The last cube of a polis can never "
        "be used; at most N of your hoplites per territory."),
        ("R-ACT-HOPLITES-*", "R-ACT-GEN-7", "R-STACK-5")),
    "galleys": VerbHelp(
        N_("Create galleys"),
        N_("Pick one polis you own that has a port (not Sparti or Thibae). Each galley costs 1 wood or 1 silver "
        "and moves one cube into the sea its port opens onto (Korinthos: you choose the sea each time). "
        "The last cube stays; at most N of your galleys per sea."),
        ("R-ACT-GALLEYS-*", "R-ACT-GEN-7", "R-STACK-5")),
    "merchants": VerbHelp(
        N_("Create merchants"),
        N_("Only in your own commercial polis (Athens: Athinae; Sparta: Pylos or Gythion). Each merchant costs "
        "1 wood or 1 silver; a cube goes back to your supply and a merchant enters your commercial port. "
        "Merchants are what you trade with."),
        ("R-ACT-MERCHANTS-*", "R-ACT-GEN-7")),
    "project": VerbHelp(
        N_("Start a project"),
        N_("Pick a face-up project tile and a polis you own that may host it; pay its cost (each good type may be "
        "paid entirely in silver instead). It is completed at the end of the round: round prestige to the "
        "polis's owner then, posterity prestige at the end of the game. One project per polis a round."),
        ("R-ACT-PROJECT-*", "R-EOR-6", "R-EOR-7", "R-END-7")),
    "march": VerbHelp(
        N_("Move hoplites"),
        N_("Military: costs 1 prestige. Name the destination territory, then move hoplites there one at a time, "
        "each from where you choose, by land or by sea (never both for one hoplite). A hoplite may not cross "
        "a region the opponent controls or one where you already have N units; start and destination may be "
        "controlled. At most N of yours end in the destination."),
        ("R-MOVE-*", "R-ACT-MOVEHOP-*", "R-ACT-GEN-2")),
    "sail": VerbHelp(
        N_("Move galleys"),
        N_("Military: costs 1 prestige. Name the destination sea, then move galleys there one at a time through "
        "adjacent seas (the diolkos if you own Korinthos). A galley may not cross a sea the opponent controls "
        "or one where you already have N galleys."),
        ("R-MOVE-*", "R-ACT-MOVEGAL-*", "R-ACT-GEN-2")),
    "siege": VerbHelp(
        N_("Besiege a polis"),
        N_("Military: costs 1 prestige. You must control the polis's territory and have at least as many hoplites "
        "there as its fortification (base population). Roll the die ([2020] +1 per siege disc of yours on it): "
        "at least the fortification wins the polis and that much prestige; otherwise you lose a hoplite "
        "([2020] replaced by a siege disc) and an enemy polis loses a cube. Capitals, Epidamnos and Abdera "
        "cannot be besieged."),
        ("R-ACT-SIEGE-*",)),
    "tribute": VerbHelp(
        N_("Collect tribute"),
        N_("Military: 1 prestige, free in your capital's territory. You need a hoplite there and a polis you own "
        "there (Achaia: a hoplite is enough). Assign your hoplites to the goods columns; each column with k "
        "hoplites yields its k-th amount. One tribute per territory a round (a disc marks it)."),
        ("R-ACT-TRIBUTE-*",)),
    "trade": VerbHelp(
        N_("Trade"),
        N_("Send a merchant from your commercial port to a free slot of an external market (cargo value at most "
        "N; no sea on the route controlled by the opponent). Pay the accepted good at its market value, or "
        "buy a wheat cargo for its value in silver. Then the dice move the market: [2020] a barter raises the "
        "good paid by the lower of 2 dice, a purchase lowers each accepted good by its own die; [2012] a "
        "barter raises it by 1 die, a purchase lowers it by the higher of 2 dice."),
        ("R-ACT-TRADE-*",)),
    "proxenos": VerbHelp(
        N_("Move the proxenos"),
        N_("Political, no prestige. Your proxenos leaves its polis by land (its territory) or by sea (a sea of its "
        "port), goes through adjacent territories or seas, and enters a polis of the last one. You pay 1 silver "
        "per opponent unit in every region of the path, first and last included. Nothing blocks it; it cannot "
        "enter the polis holding the other proxenos."),
        ("R-ACT-PROXENOS-*", "A-19")),
    "ransom": VerbHelp(
        N_("Ransom the proxenos"),
        N_("Only while your proxenos is held captive: pay 2 silver to the opponent and it returns to your capital. "
        "[2012] This is an action; [2020] it is not an action (free, at any point of your turn between actions)."),
        ("R-ACT-RANSOM-*", "R-TURN-14", "A-21")),
    "stasis": VerbHelp(
        N_("Civil war (stasis)"),
        N_("Your proxenos must be in a neutral or opponent's polis (never a capital). Pay silver to the bank: "
        "2 x base population (neutral) or 3 x population (opponent's). The polis becomes yours with that many "
        "of your cubes, and you gain that much prestige."),
        ("R-ACT-STASIS-*",)),
    "pass": VerbHelp(
        N_("Pass"),
        N_("End your turn and take no more actions this round. The first to pass acts first at the end of the "
        "round; the other player goes on alone, paying 1 extra good before each action. When both have "
        "passed, battles are checked once more and the round ends."),
        ("R-TURN-4", "R-TURN-5", "R-TURN-6", "R-TURN-7", "R-TURN-10")),
    # ----- steps inside an action
    "toll": VerbHelp(
        N_("Pay the extra good"),
        N_("The opponent has passed: before each action you pay 1 good of your choice, on top of the action's own "
        "costs."),
        ("R-TURN-7", "R-TURN-8")),
    "pay": VerbHelp(
        N_("Pay for one unit"),
        N_("Pay 1 good (or 1 silver) for the next unit of this create action; each unit is paid separately. "
        "'done' stops creating."),
        ("R-ACT-GEN-9", "R-ACT-HOPLITES-3", "R-ACT-GALLEYS-2", "R-ACT-MERCHANTS-3")),
    "from": VerbHelp(
        N_("Move one unit"),
        N_("Move one unit from this region to the destination; control is checked again after each unit. "
        "'done' ends the move (at least one unit must move)."),
        ("R-MOVE-4", "R-MOVE-5", "R-MOVE-11", "R-ACT-GEN-6")),
    "assign": VerbHelp(
        N_("Assign a hoplite"),
        N_("Put one more hoplite on this goods column of the tribute table; 'done' collects the goods. The "
        "hoplites stay in the territory."),
        ("R-ACT-TRIBUTE-8", "R-ACT-TRIBUTE-9", "R-ACT-TRIBUTE-10")),
    "via": VerbHelp(
        N_("Proxenos path"),
        N_("Add this region to your proxenos's path; you will pay 1 silver per opponent unit in it."),
        ("R-ACT-PROXENOS-2", "R-ACT-PROXENOS-3", "R-ACT-PROXENOS-10")),
    "enter": VerbHelp(
        N_("Proxenos enters"),
        N_("End the proxenos's path in this polis and pay the bribes."),
        ("R-ACT-PROXENOS-4", "R-ACT-PROXENOS-5", "R-ACT-PROXENOS-12")),
    "done": VerbHelp(
        N_("Done"),
        N_("Finish the step in progress (stop creating, moving, assigning, growing or hiring)."),
        ("R-ACT-GEN-6", "R-EOR-16")),
    # ----- battles
    "battle": VerbHelp(
        N_("Order of battles"),
        N_("Several regions hold 8 or more units: choose which battle is fought next."),
        ("R-BATTLE-1", "R-BATTLE-6", "R-BATTLE-7")),
    "fight": VerbHelp(
        N_("Fight"),
        N_("Do not retreat: the battle goes on (cards are dealt or drawn next)."),
        ("R-BATTLE-28", "R-BATTLE-31")),
    "retreat": VerbHelp(
        N_("Retreat"),
        N_("End the battle now: you lose 1 prestige and the opponent gains 1; all units stay where they are."),
        ("R-BATTLE-31", "R-BATTLE-32")),
    "attack": VerbHelp(
        N_("Attack"),
        N_("Lay two cards from your hand. Each faces one defender card: if the formations differ (no match) the "
        "defender loses a unit and you gain your card's value; if they match, you gain the difference of the "
        "values when yours is higher. Mercenaries match anything; an attacking Salpinx never matches and "
        "costs you 1 prestige."),
        ("R-BATTLE-16", "R-BATTLE-18", "R-BATTLE-19", "R-BATTLE-20", "R-BATTLE-21", "R-BATTLE-22")),
    "defend": VerbHelp(
        N_("Defend"),
        N_("Answer with two cards: the first faces the attacker's first card, the second the second. Match the "
        "formations (or play Mercenaries) to lose nothing; each unmatched pair costs you a unit."),
        ("R-BATTLE-17", "R-BATTLE-19", "R-BATTLE-20", "R-BATTLE-21")),
    # ----- end of round
    "feed": VerbHelp(
        N_("Feed"),
        N_("Pay 1 wheat per population cube on your poleis; any shortfall costs 1 prestige per missing wheat. "
        "While your wheat is short you may first release poleis instead."),
        ("R-EOR-9", "R-EOR-10", "R-EOR-11", "R-EOR-13", "R-END-2")),
    "release": VerbHelp(
        N_("Release a polis"),
        N_("Only while your wheat is short: the polis becomes neutral with its projects and no longer needs "
        "feeding. Never the capital."),
        ("R-EOR-12", "R-EOR-15", "R-MAP-21")),
    "grow": VerbHelp(
        N_("Grow a polis"),
        N_("Pay 1 wheat for 1 cube from your supply on this polis; at most its growth value per round and never "
        "above its maximum population. Megalopolis then gives 1 prestige per polis above its base population."),
        ("R-EOR-16", "R-EOR-17", "R-EOR-18", "R-EOR-19")),
    "phoros": VerbHelp(
        N_("Phoros"),
        N_("Optional: give up prestige for silver. [2020] 1 prestige for 1 silver or 2 for 3, only if you own a "
        "polis besides your capital; [2012] 1 silver per prestige given. 0 prestige after it loses the game."),
        ("R-EOR-23", "R-EOR-24", "R-EOR-25", "R-EOR-26", "R-EOR-27", "R-END-3")),
    "discard": VerbHelp(
        N_("Remove a project"),
        N_("[2020] The player with less prestige removes one of the newly revealed projects from the game."),
        ("R-PREP-7", "R-PREP-8", "R-PREP-9")),
    # ----- events
    "remove": VerbHelp(N_("Event: remove a unit"), N_("The event makes you remove one of your units; you gain the "
                       "prestige it names."), ("R-EVENT-1", "R-EVENT-2")),
    "send": VerbHelp(N_("Event: send units away"), N_("Send one unit away for this round (the event says for what "
                     "and for how much prestige); 'done' stops."), ("R-EVENT-1", "R-EVENT-4")),
    "take": VerbHelp(N_("Event: take a polis"), N_("Take this polis of the opponent's, with its projects."),
                     ("R-EVENT-1",)),
    "give": VerbHelp(N_("Event: prestige for silver"), N_("Give up this much prestige for silver, as the event says."),
                     ("R-EVENT-1", "R-EVENT-6")),
    "hire": VerbHelp(N_("Event: hire a unit"), N_("Pay silver for a unit placed near one of your poleis, without "
                     "population; 'done' stops."), ("R-EVENT-1", "R-EVENT-5")),
    "suppress": VerbHelp(N_("Event: suppress"), N_("Use this many hoplites at home for prestige instead of tribute "
                         "there."), ("R-EVENT-1",)),
    "decline": VerbHelp(N_("Event: decline"), N_("Do not use the event's offer."), ("R-EVENT-1",)),
}

VERB_TITLES = {verb: h.title for verb, h in ACTION_HELP.items()}


def verb_help(verb: str) -> VerbHelp | None:
    return ACTION_HELP.get(verb)


def action_help() -> dict[str, VerbHelp]:
    """Each verb's help in the reader's language."""
    return {verb: VerbHelp(_(h.title), _(h.text), h.rules) for verb, h in ACTION_HELP.items()}


def keys_help() -> str:
    return _(KEYS_HELP)


def rules_reference() -> str:
    """The rules reference in the reader's language, item by item, then every project tile and event
    card of both editions from the data (:mod:`kleos.games.polis.reference`)."""
    return _blocks(RULES_REFERENCE_BLOCKS) + "\n" + data_sections()


def game_rules(game: PolisGame) -> str:
    """:func:`rules_reference` with the game's edition read from the data it plays with (a
    ``data_dir``'s corrected projects and events, its rule switches)."""
    own = tables_for(game.edition, game.data_dir, game.rules)
    return _blocks(RULES_REFERENCE_BLOCKS) + "\n" + data_sections(own)


def guide_intro() -> str:
    return _blocks(GUIDE_INTRO_BLOCKS)


def welcome() -> str:
    return _(WELCOME)


def _blocks(blocks: tuple[tuple[str, ...], ...]) -> str:
    return "\n\n".join("\n".join(_(item) for item in block) for block in blocks) + "\n"


def help_line(verb: str) -> str:
    """``Title: text (rules …)`` for one verb, or an empty string for an unknown verb."""
    h = ACTION_HELP.get(verb)
    if h is None:
        return ""
    return _("{title}: {text} (rules {rules})", title=_(h.title), text=_(h.text), rules=", ".join(h.rules))


KEYS_HELP = N_("""\
Keys (no mouse needed)
  1-9, a-z         choose a menu entry by its digit or letter
  Up, Down, Enter  move in the menu and choose
  Esc, Backspace   one step back in the menu
  y or Enter       confirm the chosen action (n or Esc: back); the small
                   steps inside an action need no confirmation
  :                type an action in notation (e.g. march Thessalia) or a
                   command: save FILE, load FILE, undo, replay, help, quit
  Tab, Shift+Tab   next / previous board view: Map, Poleis, Players,
                   Projects, Markets, Battle, Log
  PgUp, PgDn       scroll the board view
  ? or F1          this help: the rules of the choices you have now
  R                the rules reference
  G                the first-game guide on or off
  H                a hint: what the simple computer player would do
  U                undo your last step (until a die is rolled, a hidden
                   card is seen or the other player acts)
  S                save (the file is the action log); L load a game
  C                confirmations on or off
  T                light or dark colours
  Q                leave (asks whether to save); Ctrl+Q saves and leaves
""")


RULES_REFERENCE_BLOCKS: tuple[tuple[str, ...], ...] = (
    (
        N_('# Polis: rules reference'),
    ),
    (
        N_('Rule IDs (R-…) point to the rules specification; [2012] and [2020] mark edition differences.'),
    ),
    (
        N_('## Aim and end of the game'),
        N_("- Rounds: [2020] Alfa, Epsilon, Omega (N = 3, 4, 5); [2012] 3, 4, 5a, 5b (N = 3, 4, 5, 5). N is "
           "the\n"
           "  stacking limit and the largest market cargo (R-ROUND-1..3)."),
        N_("- Final score = population cubes on your poleis + prestige + posterity of completed projects on "
           "your\n"
           "  poleis; ties go to more goods (R-END-7, R-END-9)."),
        N_("- You lose at once with 0 prestige after the end of round (ostracism), if you cannot pay a prestige "
           "loss,\n"
           "  or if you own only your capital and cannot feed it (R-END-1..3)."),
    ),
    (
        N_('## A round'),
        N_('1. Round start: [2012] 3 projects are revealed; the event is read and applied (R-ROUND-5..10).'),
        N_("2. Turns: the start player (less prestige; round 1: Sparta) and the other alternate. A turn is "
           "two\n"
           "   actions of different types, or fewer and a pass (R-TURN-1..5)."),
        N_("3. Passing ends your round. The other player then acts alone and pays 1 extra good before each\n"
           "   action (R-TURN-6..8). [2020] The end-of-round marker goes to him."),
        N_("4. Battle checks after every turn (not after the lone player's actions) and once more when both\n"
           "   have passed: every region with 8+ units of both sides has a battle (R-BATTLE-1..6)."),
        N_("5. End of round, first passer first in each step (R-EOR-*): projects completed; feeding (1 wheat "
           "per\n"
           "   population cube, shortfall in prestige or released poleis); growth (1 wheat per cube);\n"
           "   Megalopolis (+1 prestige per polis above its base); spoilage (wine, wheat [2012: and oil] "
           "halved,\n"
           "   rounded up); Phoros (prestige for silver); 0 prestige loses; preparation of the next round."),
    ),
    (
        N_('## Control and stacking'),
        N_('- You control a territory (sea) with strictly more hoplites (galleys) there (R-MAP-12..14).'),
        N_('- At most N of your hoplites per territory and N galleys per sea, at every moment (R-STACK-1..5).'),
    ),
    (
        N_('## Actions (R-TURN-2, R-ACT-GEN)'),
        N_('- Development (no prestige): create hoplites, create galleys, create merchants, start a project.'),
        N_("- Military (1 prestige each): move hoplites, move galleys, besiege, collect tribute (free in your\n"
           "  capital's territory)."),
        N_("- Political (no prestige): trade, move the proxenos, civil war; [2012] ransom (an action);\n"
           "  [2020] ransom is free and not an action."),
        N_("- An action must be possible in full before anything is paid (R-ACT-GEN-5). The last cube of a "
           "polis is\n"
           "  never used (R-ACT-GEN-7)."),
    ),
    (
        N_('## Battles (R-BATTLE)'),
        N_('- First attacker: Sparta on land, Athens at sea; roles swap every combat round (R-BATTLE-14, 15).'),
        N_("- Before the cards are dealt and after each combat round, each side may retreat: -1 prestige to\n"
           "  him, +1 to the opponent (R-BATTLE-28, 31, 32)."),
        N_("- Each side holds as many cards as units there. The attacker lays 2 cards, the defender answers "
           "with\n"
           "  2. Unmatched formation: the defender loses a unit, the attacker gains his card's value. Matched: "
           "the\n"
           "  attacker gains the difference if his value is higher (R-BATTLE-16..23)."),
        N_("- Mercenaries match everything; Salpinx never matches when attacking and costs its player 1\n"
           "  prestige (R-BATTLE-19, 22)."),
        N_("- The battle ends when the defender has fewer than 2 units, the deck runs out, or someone "
           "retreats\n"
           "  (R-BATTLE-26, 27, 34)."),
    ),
    (
        N_('## Trade (R-ACT-TRADE)'),
        N_("- One merchant per trade, to a free slot of value at most N; the sea route may not cross a sea "
           "the\n"
           "  opponent controls. Barter at the market value of the good paid, or buy wheat for silver."),
        N_('- The good paid becomes dearer afterwards, a purchase makes goods cheaper (dice).'),
    ),
    (
        N_('## Sieges (R-ACT-SIEGE)'),
        N_("- Control the territory and have at least fortification hoplites there. Roll at least the\n"
           "  fortification: the polis, its projects and +fortification prestige are yours. Failure: lose a\n"
           "  hoplite; [2020] a siege disc gives +1 to later rolls against that polis."),
    ),
    (
        N_('## Proxenos and civil war'),
        N_("- The proxenos moves along a path and pays 1 silver per opponent unit in every region of it\n"
           "  (R-ACT-PROXENOS-10). From a neutral or enemy polis it can start a civil war: pay 2 x base "
           "(neutral) or\n"
           "  3 x population (enemy) silver for the polis and that much prestige (R-ACT-STASIS-*)."),
    ),
    (
        N_('## Hidden information'),
        N_("- Only the battle hands are secret; everything else is open (R-GEN-17). Dice, cards, projects and\n"
           "  events are drawn by chance as the game goes."),
    ),
)
RULES_REFERENCE = "\n\n".join("\n".join(block) for block in RULES_REFERENCE_BLOCKS) + "\n"


WELCOME = N_(
    "Polis: Athens against Sparta, over 3 rounds (2020) or 4 (2012).\n\n"
    "Score at the end: population + prestige + posterity of your projects. Feed your population with wheat "
    "at every round's end, never fall to 0 prestige, and grow stronger than your rival.\n\n"
    "Each turn: two different actions, or pass. Choose from the menu on the right with digits and letters; "
    "? explains the choices you have, R opens the rules, H gives a hint, U undoes your last step.\n"
)


GUIDE_INTRO_BLOCKS: tuple[tuple[str, ...], ...] = (
    (
        N_('# Your first game: the first round, step by step'),
    ),
    (
        N_("The guide's tips appear above the description line while you play (G turns them off and on)."),
    ),
    (
        N_("1. **Look around.** Tab switches the board view: *Map* (units, control, poleis), *Poleis*\n"
           "   (population, growth, projects), *Players* (your goods, prestige, food need, score, the event),\n"
           "   *Projects*, *Markets*, *Battle* and *Log*. PgUp/PgDn scroll a view."),
        N_("2. **Your aim.** After the last round your score is your population + prestige + the posterity of\n"
           "   completed projects on your poleis. You lose at once with 0 prestige after a round's end, or if\n"
           "   you cannot feed a capital that is all you own."),
        N_("3. **A turn** is two actions of different types, or fewer and a pass. The menu on the right lists\n"
           "   only what you may do now; a digit or letter chooses, Esc goes back, and the line below the "
           "board\n"
           "   tells what the highlighted choice costs and does before you confirm it with y."),
        N_("4. **A good first round.** Collect tribute in your home territory (free): put your hoplites on "
           "the\n"
           "   goods you need (the goods come when all are placed, or at 'done'). Trade for wheat at a market\n"
           "   slot of value 3. Start a project if you can pay it: prestige at the round's end, posterity at "
           "the\n"
           "   game's end. Round 1 has no battles."),
        N_("5. **Small steps.** Many actions take several small steps (pay for each unit, move each unit,\n"
           "   assign each hoplite); 'done' finishes. U takes back your last step, until a die is rolled, a\n"
           "   hidden card is seen or your opponent acts."),
        N_("6. **Passing.** Pass when you have nothing useful left. The other player then goes on alone and\n"
           "   pays 1 extra good for each further action; when he passes too, the round ends."),
        N_("7. **End of the round.** Feed 1 wheat per population cube (short wheat costs prestige), grow "
           "poleis\n"
           "   with wheat, gain Megalopolis prestige for poleis above their base, lose half of your "
           "perishable\n"
           "   goods, and optionally take Phoros (prestige for silver)."),
        N_("8. **Later rounds.** N grows (4, then 5): more units per region and bigger cargoes. Battles come\n"
           "   when 8 or more units of both sides share a region: choose fight or retreat, then lay cards."),
    ),
    (
        N_("Help at any time: ? explains your current choices with their rule IDs, R opens the rules\n"
           "reference, H shows what the computer would choose."),
    ),
)
GUIDE_INTRO = "\n\n".join("\n".join(block) for block in GUIDE_INTRO_BLOCKS) + "\n"


@dataclass(frozen=True)
class GuideContext:
    """What the guide needs to know about the moment (kept free of game types, so it is easy to test)."""

    edition: str
    round_index: int  # 0-based
    phase: str  # turn | battles | end_of_round | event | over
    side: str  # the player's side, "Athens" or "Sparta"
    pending: str | None  # kind of the compound action in progress
    actions_taken: int  # actions taken this turn
    opponent_passed: bool
    verbs: frozenset[str]  # the verbs among the legal actions
    wheat: int
    food_need: int
    prestige: int
    battle_phase: str | None


PENDING_TIPS = {
    "toll": N_("First pay the extra good for the opponent's pass: the good you need least."),
    "hoplites": N_("Creating hoplites: pay one at a time (a good or silver each), then 'done'. The last cube of a "
                   "polis stays."),
    "galleys": N_("Creating galleys: pay one at a time (a good or silver each), then 'done'. The last cube of a "
                  "polis stays."),
    "merchants": N_("Creating merchants: pay one at a time (a good or silver each), then 'done'. The last cube of a "
                    "polis stays."),
    "march": N_("Moving: choose where each unit comes from, one at a time, then 'done'."),
    "sail": N_("Moving: choose where each unit comes from, one at a time, then 'done'."),
    "tribute": N_("Tribute: put hoplites on goods columns one by one; 'done' collects (it happens by itself once all "
                  "are placed). More hoplites on one column yield much more."),
    "proxenos": N_("Proxenos: build the path region by region ('via'), then 'enter' a polis. Each opponent unit on "
                   "the path costs 1 silver."),
}
"""The guide's tip while a compound action is in progress, by its kind (marked only)."""

BATTLE_TIPS = {
    "retreat": N_("A battle (see the Battle view): 'fight' goes on; 'retreat' costs you 1 prestige and gives the "
                  "opponent 1."),
    "attack": N_("You attack: lay two cards. An unmatched formation costs the defender a unit and gives you the "
                 "card's value. Avoid Salpinx."),
    "defend": N_("You defend: answer each card with the same formation (or Mercenaries) to lose nothing. Your first "
                 "card faces the attacker's first."),
}
SEVERAL_BATTLES = N_("Several battles are due: choose which is fought first.")

EOR_TIPS = {
    "grow": N_("Growth: each wheat adds a cube to a polis (score, and Megalopolis prestige above its base). Leftover "
               "wheat spoils by half."),
    "phoros": N_("Phoros trades prestige for silver; 0 prestige loses the game."),
    "discard": N_("Remove the project you least want your opponent to start."),
}
"""The guide's end-of-round tips by the verb on offer, in the order shown (marked only)."""


def _warnings(c: GuideContext) -> list[str]:
    warnings: list[str] = []
    if c.prestige <= 1 and c.phase != "over":
        warnings.append(_("Careful: {prestige} prestige. At 0 after the end of the round you lose.",
                          prestige=c.prestige))
    if c.phase == "turn" and c.food_need > c.wheat:
        warnings.append(_("Food: {need} population to feed, {wheat} wheat. Each missing wheat costs 1 prestige at "
                          "the round's end: trade or collect tribute for wheat.", need=c.food_need, wheat=c.wheat))
    return warnings


def _turn_tips(c: GuideContext) -> list[str]:
    tips: list[str] = []
    if c.phase == "turn" and c.pending is None:
        if c.opponent_passed:
            tips.append(_("Your opponent has passed: take as many actions as you like, each costing 1 extra good, "
                          "then pass to end the round."))
        elif c.actions_taken == 0:
            tips.append(_("Your turn: up to two actions of different types, or pass. march, sail, siege and "
                          "tribute cost 1 prestige; the others cost none."))
            if c.round_index == 0:
                tips.append(_("Round 1 ideas: tribute at home (free goods), trade for wheat, a project if you can "
                              "pay it. No battle is possible yet."))
        else:
            tips.append(_("Second action: a different type than the first, or pass (your round ends)."))
    elif c.pending in PENDING_TIPS:
        tips.append(_(PENDING_TIPS[c.pending]))
    return tips


def guide_tip(c: GuideContext) -> str:
    """The first-game guide's advice for this moment: a warning if one is due, then what to do now
    (a few short lines)."""
    warnings = _warnings(c)
    tips = _turn_tips(c)
    if c.phase == "event":
        tips.append(_("This round's event asks you to choose: its text is in the Players view (Tab); ? explains "
                      "each choice."))
    if c.phase == "battles":
        tips.append(_(BATTLE_TIPS.get(c.battle_phase or "", SEVERAL_BATTLES)))
    if c.phase == "end_of_round":
        if "feed" in c.verbs:
            tips.append(_("Feeding: you need {need} wheat and have {wheat}. A shortfall costs 1 prestige per wheat; "
                          "'release' gives up a polis instead.", need=c.food_need, wheat=c.wheat))
        tips.extend(_(tip) for verb, tip in EOR_TIPS.items() if verb in c.verbs)
    if not tips:
        tips.append(_("Choose from the menu; ? explains each choice, H shows what the computer would do."))
    return " ".join([*warnings, *tips][:2])
