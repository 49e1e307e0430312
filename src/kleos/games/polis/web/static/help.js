// Rules help per verb: a short text with the rule IDs of the specification (R-…, rulings A-…).
import { translator } from "/static/js/i18n.js";

const { t } = translator("polis");

/** Each verb's menu label in the reader's language (built at each call: the language may change). */
function verbLabels() {
  return {
    hoplites: t("Create hoplites"), galleys: t("Create galleys"), merchants: t("Create merchants"),
    project: t("Start a project"), march: t("Move hoplites"), sail: t("Move galleys"), siege: t("Besiege a polis"),
    tribute: t("Collect tribute"), trade: t("Trade"), proxenos: t("Move the proxenos"), ransom: t("Ransom the proxenos"),
    stasis: t("Civil war (stasis)"), pass: t("Pass"), toll: t("Pay the extra good"), from: t("Move a unit from…"),
    done: t("Done"), pay: t("Pay for a unit"), assign: t("Assign a hoplite"), via: t("Proxenos path via…"),
    enter: t("Proxenos enters…"), battle: t("Choose the next battle"), retreat: t("Retreat"), fight: t("Fight on"),
    attack: t("Attack"), defend: t("Defend"), feed: t("Feed your population"), release: t("Release a polis"),
    grow: t("Grow a polis"), phoros: t("Phoros"), discard: t("Remove a project tile"), remove: t("Event: remove a unit"),
    send: t("Event: send a unit away"), take: t("Event: take"), give: t("Event: give up prestige"),
    hire: t("Event: hire a unit"), suppress: t("Event: use hoplites at home"), decline: t("Event: decline"),
  };
}

/** Each verb's help (text, rule IDs) in the reader's language; rule IDs are never translated. */
function verbHelps() {
  return {
    hoplites: [t("Pick one polis you own. Each hoplite costs 1 iron (or 1 silver) and one population cube, which goes to the polis's territory. The last cube of a polis never leaves it, and you may not exceed the stacking limit N of the round."),
      "R-ACT-HOPLITES-1…8, R-ACT-GEN-7, R-STACK-5"],
    galleys: [t("Pick one polis you own that has a port. Each galley costs 1 wood (or 1 silver) and one cube, and enters a sea of its port (Korinthos: you choose the sea for each galley)."),
      "R-ACT-GALLEYS-1…7, R-STACK-5"],
    merchants: [t("Only in your own commercial polis (Athens: Athinae; Sparta: Pylos or Gythion). Each merchant costs 1 wood (or 1 silver); the cube returns to your supply and a merchant goes to your commercial port."),
      "R-ACT-MERCHANTS-1…6"],
    project: [t("Pick a face-up project tile and a polis you own that may host it; pay its cost (each kind of good wholly in silver or not at all). It is completed at the end of the round: the polis's owner then gains its prestige, and its posterity counts at the end of the game."),
      "R-ACT-PROJECT-1…11, R-EOR-6, R-END-7"],
    march: [t("Costs 1 prestige. Name the destination territory, then move hoplites there one at a time ('from …'), then 'done'. Paths may not cross regions the opponent controls or where you already have N units; Ionia and Sikelia only by sea."),
      "R-ACT-MOVEHOP-1…12, R-MOVE-1…12, R-ACT-GEN-2"],
    sail: [t("Costs 1 prestige. Name the destination sea, then move galleys there one at a time, then 'done'. Galleys may not cross seas the opponent controls or where you already have N galleys; the owner of Korinthos may use the diolkos."),
      "R-ACT-MOVEGAL-1…6, R-MOVE-1…12, R-MOVE-10"],
    from: [t("Move one unit of this action from the named region to the destination. The path is checked after each unit: control can change as units leave."),
      "R-MOVE-4, R-MOVE-5, R-MOVE-11"],
    done: [t("Finish the compound step in progress (moving, creating, growing, assigning tribute or an event's choices)."),
      "R-MOVE-4, R-ACT-HOPLITES-7, R-EOR-16"],
    pay: [t("Pay for one more unit of the create action in progress: the good named, or silver. You choose for each unit separately."),
      "R-ACT-GEN-9, R-ACT-HOPLITES-3, R-ACT-GALLEYS-2, R-ACT-MERCHANTS-3"],
    siege: [t("Costs 1 prestige. You must control the polis's territory and have at least its fortification value in hoplites there. Roll a d4 (modified by siege discs [2020]): success takes the polis and its projects for +fortification prestige; failure costs a hoplite (and a cube of an opponent's polis)."),
      "R-ACT-SIEGE-1…32"],
    tribute: [t("Costs 1 prestige (free in your capital's territory). You need a polis and a hoplite there (Achaia: a hoplite). Assign hoplites to the columns of the tribute table one at a time, then 'done' to collect; a disc blocks the territory for the rest of the round."),
      "R-ACT-TRIBUTE-1…13"],
    assign: [t("Put one more hoplite on this column of the tribute table; the column yields the amount under its last hoplite."),
      "R-ACT-TRIBUTE-8, R-ACT-TRIBUTE-9"],
    trade: [t("No prestige cost. Send a merchant from your commercial port along a free route to an open slot of an available market (cargo ≤ N). Pay the price of the good on the value track for the cargo (or buy wheat for silver); then dice move the track."),
      "R-ACT-TRADE-1…26"],
    toll: [t("After the opponent has passed, each of your further actions costs 1 extra good of your choice, paid first."),
      "R-TURN-7, R-TURN-8, A-31"],
    proxenos: [t("No prestige cost. Move your proxenos by land or by sea, region by region ('via …'), into a polis ('enter …'). You pay 1 silver per opponent unit in each region of the path, to the bank. Control and stacking never block it."),
      "R-ACT-PROXENOS-1…14, A-19"],
    via: [t("Add a region to your proxenos's path; the bribe is 1 silver per opponent unit in it."),
      "R-ACT-PROXENOS-3, R-ACT-PROXENOS-10"],
    enter: [t("End the proxenos's move in this polis and pay the bribes of the path."),
      "R-ACT-PROXENOS-4, R-ACT-PROXENOS-5, R-ACT-PROXENOS-12"],
    ransom: [t("Your proxenos is captive: pay 2 silver to the opponent; it returns to your capital. [2020] not an action; [2012] an action."),
      "R-ACT-RANSOM-1…5, R-TURN-14"],
    stasis: [t("Your proxenos stands in a neutral or opponent's polis (never the opponent's capital). Pay silver to the bank (2 × base for a neutral polis, 3 × population for an opponent's) and take the polis with its projects; gain prestige equal to the cubes placed."),
      "R-ACT-STASIS-1…11"],
    pass: [t("End your turn and take no more actions this round. Afterwards the opponent acts alone, paying 1 extra good per action; when both have passed, the final battle check and the end of round follow."),
      "R-TURN-4…12, R-BATTLE-4"],
    battle: [t("Several battles are due: choose which one is fought next."),
      "R-BATTLE-6, A-4"],
    retreat: [t("Retreat ends the battle now: you lose 1 prestige and your opponent gains 1; all units stay. Not possible with 0 prestige."),
      "R-BATTLE-28, R-BATTLE-31, R-BATTLE-32, A-5"],
    fight: [t("Fight on: the battle goes on with the next combat round."),
      "R-BATTLE-28, R-BATTLE-31"],
    attack: [t("Lay two cards of your hand face up. Each pair not matched by the defender costs him a unit and gives you the card's prestige value (Salpinx: −1)."),
      "R-BATTLE-16, R-BATTLE-18…23"],
    defend: [t("Lay two cards, one against each attacking card. A pair matches on the same formation (or Mercenaries); a matched pair costs you nothing, an unmatched one costs you a unit."),
      "R-BATTLE-17…23"],
    feed: [t("Pay 1 wheat per population cube on your poleis; each missing wheat costs 1 prestige."),
      "R-EOR-9…14"],
    release: [t("Release one of your poleis (not your capital) to neutrality before feeding, to lower your food need; its projects stay with it."),
      "R-EOR-15, R-MAP-21"],
    grow: [t("Pay 1 wheat to add one cube to a polis below its maximum (growth per round as printed on the card)."),
      "R-EOR-16…18"],
    phoros: [t("Give up prestige for silver (or take no Phoros)."),
      "R-EOR-23…27"],
    discard: [t("Choose which project tile leaves the game at the preparation of the next round."),
      "R-PREP-6…9"],
    remove: [t("Event: remove one of your units from the region named."), "R-EVENT-1…9"],
    send: [t("Event: send one unit away from the region named."), "R-EVENT-1…9"],
    take: [t("Event: take what the card names from the opponent."), "R-EVENT-1…9"],
    give: [t("Event: give up prestige for silver."), "R-EVENT-1…9"],
    hire: [t("Event: hire a unit for silver."), "R-EVENT-1…9"],
    suppress: [t("Event: use hoplites at home for prestige."), "R-EVENT-1…9"],
    decline: [t("Event: decline the offer of the card."), "R-EVENT-1…9"],
  };
}

export function verbLabel(verb) {
  return verbLabels()[verb] || verb.charAt(0).toUpperCase() + verb.slice(1);
}

export function verbHelp(verb) {
  const entry = verbHelps()[verb];
  return entry ? { text: entry[0], rules: entry[1] } : null;
}
