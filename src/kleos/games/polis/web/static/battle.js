// The battle screen: the battle in progress (region, units, attacker, cards on the table), this
// seat's own hand (the opponent's is only a count), card picking for attack/defend checked against
// the legal actions, retreat/fight, and the results so far from the log.
import { h, spaced, put } from "/static/js/dom.js";
import { translator } from "/static/js/i18n.js";
import { aroundSide, sideName, sideTag, withoutSide } from "./panels.js";

const { t, tn } = translator("polis");

const BATTLE_VERBS = new Set(["battle", "retreat", "fight", "attack", "defend"]);

function cardTile(card, attrs = {}, extra) {
  const [formation, manoeuvre] = card.code.split("/");
  return h("button", { type: "button", class: `bcard${card.special ? " special" : ""}`, ...attrs }, [
    h("span", { class: "formation", text: formation }),
    h("span", { class: "manoeuvre", text: manoeuvre || t("special") }),
    h("span", { class: "value", text: card.value > 0 ? `+${card.value}` : String(card.value) }),
    extra || null,
  ]);
}

/** Recent battle lines of the log (the results so far), newest last. */
function results(log) {
  const out = [];
  for (let i = log.length - 1; i >= 0 && out.length < 8; i--) {
    const verb = log[i].action.split(" ")[0];
    if (BATTLE_VERBS.has(verb) || /battle/i.test(log[i].text)) out.unshift(log[i]);
    else if (out.length) break;
  }
  return out;
}

export class BattlePanel {
  constructor(root, { onChoose }) {
    this.root = root;
    this.onChoose = onChoose;
    this.picked = [];
    this.key = "";
  }

  render(T, msg, busy) {
    const st = msg.view.state;
    const b = st.battle;
    const legal = msg.legal || [];
    const battleLegal = legal.filter((e) => BATTLE_VERBS.has(e.action.split(" ")[0]));
    if (!b && !st.battle_queue.length) {
      this.root.hidden = true;
      put(this.root);
      return;
    }
    this.root.hidden = false;
    if (!b) {
      put(this.root, h("h2", { text: t("Battles") }),
        h("p", { text: t("Battles to fight: {regions}; {side} chooses the order.", {
          regions: st.battle_queue.map((r) => spaced(T.region_ids[r])).join(", "), side: sideName(st.battle_chooser) || "?" }) }),
        this.buttons(battleLegal, busy));
      return;
    }
    const cards = T.cards[b.sea ? "sea" : "land"];
    const seat = msg.seat;
    const key = `${msg.game_id}:${b.region}:${b.rounds}:${b.phase}:${msg.seq}`;
    if (key !== this.key) {
      this.key = key;
      this.picked = [];
    }
    const where = spaced(T.region_ids[b.region]);
    const counts = { athens: st.units[b.region * 2], sparta: st.units[b.region * 2 + 1], unseen: b.deck.reduce((a, x) => a + x, 0) };
    const head = h("div", { class: "battle-head" }, [
      h("h2", { text: b.sea ? t("Battle in {region} (sea)", { region: where }) : t("Battle in {region} (land)", { region: where }) }),
      h("p", {}, aroundSide(t("Combat round {round}: {side} attacks. Step: {step}.", { round: b.rounds + 1, step: (T.battle_steps || {})[b.phase] || b.phase }),
        sideTag(b.attacker))),
      h("p", { text: b.sea ? t("Galleys: Athens {athens}, Sparta {sparta}. Cards not yet seen by you: {unseen}.", counts)
        : t("Hoplites: Athens {athens}, Sparta {sparta}. Cards not yet seen by you: {unseen}.", counts) }),
    ]);
    const table = b.played && b.played.length
      ? h("div", { class: "table-cards" }, [h("h4", { text: t("Attacker's cards on the table") }),
          h("div", { class: "cards" }, b.played.map((i) => cardTile(cards[i], { disabled: true, tabindex: "-1" })))])
      : null;
    const others = [0, 1].filter((x) => x !== seat).map((x) => h("p", { class: "hidden-hand",
      text: tn("{side} holds {n} card (hidden).", "{side} holds {n} cards (hidden).", msg.view.hidden_hand_sizes[x], { side: sideName(x) }) }));
    let hand = null, pickInfo = null;
    if (seat === 0 || seat === 1) {
      const plays = battleLegal.filter((e) => ["attack", "defend"].includes(e.action.split(" ")[0]));
      const tiles = [];
      b.hands[seat].forEach((n, i) => {
        for (let k = 0; k < n; k++) {
          const id = `${i}:${k}`;
          const order = this.picked.indexOf(id);
          tiles.push(cardTile(cards[i], {
            class: `bcard${cards[i].special ? " special" : ""}${order >= 0 ? " picked" : ""}`,
            "data-card": cards[i].code, disabled: busy || !plays.length,
            onclick: () => this.pick(id, T, msg, busy),
          }, order >= 0 ? h("span", { class: "order", text: String(order + 1) }) : null));
        }
      });
      hand = h("div", { class: "hand" }, [h("h4", { text: t("Your hand ({n})", { n: tiles.length }) }),
        tiles.length ? h("div", { class: "cards" }, tiles) : h("p", { class: "muted", text: t("empty") })]);
      if (plays.length) {
        const verb = plays[0].action.split(" ")[0];
        const chosen = this.picked.map((id) => cards[Number(id.split(":")[0])].code);
        let match = null;
        if (chosen.length === 2) {
          const tries = verb === "attack" ? [chosen, [chosen[1], chosen[0]]] : [chosen];
          for (const pair of tries) {
            match = plays.find((e) => e.action === `${verb} ${pair[0]} ${pair[1]}`);
            if (match) break;
          }
        }
        const hint = verb === "attack" ? t("Pick two cards to attack with.")
          : t("Pick two cards: the first faces the attacker's first card, the second the second.");
        pickInfo = h("div", { class: "pick-info" }, [
          h("p", { text: chosen.length < 2 ? hint : match ? match.text : t("These two cards are not a legal play.") }),
          match ? h("button", { type: "button", class: "choice primary", "data-action": match.action, disabled: busy,
                                onclick: () => this.onChoose(match.action) }, [verb === "attack" ? t("Attack") : t("Defend")]) : null,
          chosen.length ? h("button", { type: "button", class: "choice", onclick: () => { this.picked = []; this.render(T, msg, busy); } },
            [t("Clear")]) : null,
        ]);
      }
    }
    const res = results(msg.log || []);
    put(this.root, head, table, hand, pickInfo, ...others,
      this.buttons(battleLegal.filter((e) => !["attack", "defend"].includes(e.action.split(" ")[0])), busy),
      res.length ? h("div", { class: "battle-results" }, [h("h4", { text: t("So far") }),
        h("ol", {}, res.map((e) => h("li", {}, [sideTag(e.seat), " ", withoutSide(e)])))]) : null);
  }

  pick(id, T, msg, busy) {
    const at = this.picked.indexOf(id);
    if (at >= 0) this.picked.splice(at, 1);
    else if (this.picked.length < 2) this.picked.push(id);
    else this.picked = [this.picked[1], id];
    this.render(T, msg, busy);
  }

  buttons(entries, busy) {
    if (!entries.length) return null;
    return h("div", { class: "battle-choices" }, entries.map((e) => h("button", {
      type: "button", class: `choice action verb-${e.action.split(" ")[0]}`, "data-action": e.action, disabled: busy,
      onclick: () => this.onChoose(e.action),
    }, [h("span", { class: "text", text: e.text }), h("code", { class: "notation", text: e.action })])));
  }
}
