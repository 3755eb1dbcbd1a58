/* The rule checker's form (/check): add and remove rows, show the fields each event type and
   question takes, keep the player dropdowns in step with the names, keep the JSON pane in step
   with the form (and the form with the JSON), and copy the answer's permalink.
   The page works without this script: the server reads the same fields. */
(function () {
  "use strict";
  const form = document.getElementById("scenario-form");
  if (!form) return;
  const textarea = document.getElementById("scenario");
  const jsonStatus = document.getElementById("json-status");
  const containers = { players: document.getElementById("players"), events: document.getElementById("events") };

  const field = (row, key) => row.querySelector('[name$=".' + key + '"]');
  const value = (row, key) => { const el = field(row, key); return el ? el.value : ""; };
  const ticked = (row, key) => { const el = field(row, key); return !!(el && el.checked); };
  const rows = (table) => Array.from(containers[table].querySelectorAll('[data-row="' + table + '"]'));
  const question = form.querySelector("fieldset.question");
  const options = form.querySelector("fieldset.options");

  function names() {
    return rows("players").map((row) => value(row, "name").trim()).filter((name) => name);
  }

  function refreshNames() {
    const current = names();
    form.querySelectorAll("select[data-names]").forEach((select) => {
      const chosen = Array.from(select.selectedOptions).map((option) => option.value);
      const keep = select.multiple ? [] : [new Option("(player)", "")];
      select.replaceChildren(...keep, ...current.map((name) => new Option(name, name, false, chosen.includes(name))));
    });
  }

  function showFields() {
    rows("events").forEach((row) => {
      const type = value(row, "type");
      row.querySelectorAll("[data-for-event]").forEach((part) => { part.hidden = part.dataset.forEvent !== type; });
    });
    const kind = value(question, "type");
    question.querySelectorAll("[data-for-question]").forEach((part) => {
      part.hidden = !part.dataset.forQuestion.split(" ").includes(kind);
    });
  }

  function count(text) {
    const trimmed = text.trim();
    return /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : trimmed;
  }

  // The same scenario the server builds from these fields (rulebook/web/checker/form.py).
  function scenarioFromForm() {
    const players = rows("players").filter((row) => value(row, "name").trim()).map((row) => {
      const player = { name: value(row, "name"), identity: value(row, "identity") };
      ["face", "unveil_cost"].forEach((key) => { if (value(row, key).trim()) player[key] = value(row, key); });
      if (value(row, "status") && value(row, "status") !== "in") player.status = value(row, "status");
      ["undercover", "cant_lose"].forEach((key) => { if (ticked(row, key)) player[key] = true; });
      return player;
    });
    const events = rows("events").filter((row) => value(row, "type").trim()).map((row) => {
      const type = value(row, "type");
      if (type === "exchange_control") return { type, players: [value(row, "player"), value(row, "other")] };
      const event = { type, player: value(row, "player") };
      if (type === "attack") {
        event.attacked = Array.from(field(row, "attacked").selectedOptions).map((option) => option.value);
        if (!ticked(row, "declared")) event.declared = false;
      }
      return event;
    });
    const scenario = { players, events };
    const chosen = {};
    options.querySelectorAll("input").forEach((box) => { if (box.checked) chosen[box.name.split(".")[1]] = true; });
    if (Object.keys(chosen).length) scenario.options = chosen;
    const kind = value(question, "type");
    let asked = { type: kind };
    if (kind === "relationship") asked.players = [value(question, "player"), value(question, "other")];
    if (kind === "can_unveil" || kind === "leave_game") asked.player = value(question, "player");
    if (kind === "can_unveil" && value(question, "has_priority")) asked.has_priority = value(question, "has_priority") === "yes";
    if (kind === "identity_deck") {
      asked.players = count(question.querySelector('[name="question.players"]').value);
      asked.deck = {};
      question.querySelectorAll('[name^="question.deck."]').forEach((input) => {
        if (input.value.trim()) asked.deck[input.name.split(".")[2]] = count(input.value);
      });
      if (question.querySelector('[name="question.backstab_rumble"]').checked) asked.backstab_rumble = true;
    }
    scenario.question = asked;
    return scenario;
  }

  function formToJson() {
    textarea.value = JSON.stringify(scenarioFromForm(), null, 2);
    jsonStatus.textContent = "";
  }

  let nextIndex = { players: rows("players").length, events: rows("events").length };

  function addRow(table) {
    const template = document.getElementById(table + "-row");
    const holder = document.createElement("div");
    holder.innerHTML = template.innerHTML.replaceAll("__i__", String(nextIndex[table]++));
    const row = holder.firstElementChild;
    row.querySelectorAll("[data-remove]").forEach((button) => { button.hidden = false; });
    containers[table].appendChild(row);
    return row;
  }

  function set(row, key, given) {
    const el = field(row, key);
    if (!el || given === undefined || given === null) return;
    if (el.type === "checkbox") { el.checked = given === true; return; }
    const wanted = Array.isArray(given) ? given.map(String) : [String(given)];
    if (el.tagName === "SELECT") {
      wanted.forEach((text) => {
        if (text && !Array.from(el.options).some((option) => option.value === text)) el.add(new Option(text, text));
      });
      Array.from(el.options).forEach((option) => { option.selected = wanted.includes(option.value); });
    } else {
      el.value = wanted[0];
    }
  }

  // The JSON pane edited: rebuild the rows from it (when it is valid JSON).
  function jsonToForm() {
    let scenario;
    try {
      scenario = JSON.parse(textarea.value);
    } catch (error) {
      jsonStatus.textContent = "Not valid JSON yet: the form keeps its last rows.";
      return;
    }
    if (!scenario || typeof scenario !== "object" || Array.isArray(scenario)) return;
    Object.values(containers).forEach((container) => container.replaceChildren());
    nextIndex = { players: 0, events: 0 };
    (Array.isArray(scenario.players) ? scenario.players : []).forEach((player) => {
      const row = addRow("players");
      ["name", "identity", "face", "status", "unveil_cost", "undercover", "cant_lose"].forEach((key) => set(row, key, player[key]));
    });
    refreshNames();
    (Array.isArray(scenario.events) ? scenario.events : []).forEach((event) => {
      const row = addRow("events");
      set(row, "type", event.type);
      if (event.type === "exchange_control" && Array.isArray(event.players)) {
        set(row, "player", event.players[0]);
        set(row, "other", event.players[1]);
      } else {
        set(row, "player", event.player);
        set(row, "attacked", event.attacked || []);
        set(row, "declared", event.declared !== false);
      }
    });
    const asked = scenario.question || {};
    set(question, "type", asked.type);
    if (asked.type === "relationship" && Array.isArray(asked.players)) {
      set(question, "player", asked.players[0]);
      set(question, "other", asked.players[1]);
    } else {
      set(question, "player", asked.player);
    }
    set(question, "has_priority", asked.has_priority === undefined ? "" : asked.has_priority ? "yes" : "no");
    if (asked.type === "identity_deck") {
      question.querySelector('[name="question.players"]').value = asked.players ?? "";
      question.querySelectorAll('[name^="question.deck."]').forEach((input) => {
        input.value = (asked.deck || {})[input.name.split(".")[2]] ?? "";
      });
      question.querySelector('[name="question.backstab_rumble"]').checked = asked.backstab_rumble === true;
    }
    const chosen = scenario.options || {};
    options.querySelectorAll("input").forEach((box) => { box.checked = chosen[box.name.split(".")[1]] === true; });
    showFields();
    jsonStatus.textContent = "The form follows the JSON.";
  }

  form.querySelectorAll("[data-add], [data-remove]").forEach((button) => { button.hidden = false; });
  form.addEventListener("click", (event) => {
    const add = event.target.closest("[data-add]");
    const remove = event.target.closest("[data-remove]");
    if (add) { addRow(add.dataset.add); refreshNames(); showFields(); formToJson(); }
    if (remove) { remove.closest("fieldset").remove(); refreshNames(); formToJson(); }
  });
  // A folded player's line says what its fields hold: "Ana · Leader · face up".
  function playerLine(row) {
    const line = row.querySelector("[data-player-line]");
    if (!line) return;
    const status = field(row, "status");
    const parts = [value(row, "name").trim() || "New player", value(row, "identity")];
    parts.push(value(row, "face") ? "face " + value(row, "face") : value(row, "unveil_cost").trim());
    if (status && status.value !== "in") parts.push(status.selectedOptions[0].textContent);
    line.textContent = parts.filter((part) => part).join(" · ");
  }

  form.addEventListener("input", (event) => {
    if (event.target === textarea) { jsonToForm(); rows("players").forEach(playerLine); return; }
    if (event.target.matches("[data-player-name]")) refreshNames();
    const row = event.target.closest('[data-row="players"]');
    if (row) playerLine(row);
    showFields();
    formToJson();
  });
  form.addEventListener("change", (event) => {
    if (event.target === textarea) return;
    const row = event.target.closest('[data-row="players"]');
    if (row) playerLine(row);
    showFields();
    formToJson();
  });

  // The JSON pane is for power users: open beside the form on a wide screen, one line on a phone.
  const pane = document.getElementById("json-pane");
  if (pane && window.matchMedia("(min-width: 700px)").matches) pane.open = true;

  const copy = document.getElementById("copy-link");
  if (copy) {
    copy.hidden = false;
    copy.addEventListener("click", async () => {
      const link = document.getElementById(copy.dataset.copy).href;
      const said = document.getElementById("copied");
      try {
        await navigator.clipboard.writeText(link);
        said.textContent = "Link copied.";
      } catch (error) {
        said.textContent = "Copy this link: " + link;
      }
    });
  }
  showFields();
})();
