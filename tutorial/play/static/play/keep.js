/* Hrát: what you opened or started typing survives the table changing by itself.

   A game with friends polls for changes (.play-poll) and "Přehrávat" steps a computers' game
   (.play-autostep): each swaps in a new table (#stul). Without this, a box you had opened
   ("Stavební náklady", "Obchod se spoluhráči") closed again, and the cards you had started
   to type into a form (an offer, a counter-offer, what to discard while the others discard
   too) were gone. So before such a swap the open boxes and the fields you changed are noted,
   and after it the same boxes open again and the same fields, still untouched in the new
   table, get your values back. Only what you did: a box is never closed by this, hidden
   fields (the game's own state) are never carried over, and what you submit the server
   checks as always. Without JavaScript nothing swaps by itself. */
(function () {
  "use strict";
  var BACKGROUND = ".play-poll, .play-autostep";
  var noted = null; // {boxes: [keys of open boxes], fields: [{form, name, value, type}]}

  function boxKey(details) {
    var summary = details.querySelector("summary");
    return details.className + "|" + (summary ? summary.textContent.trim() : "");
  }

  function formKey(form) {
    var kind = form.querySelector("input[name=druh]");
    return (form.getAttribute("action") || "") + "|" + (kind ? kind.value : "");
  }

  function changed(field) {
    if (field.type === "checkbox" || field.type === "radio") {
      return field.checked !== field.defaultChecked;
    }
    if (field.tagName === "SELECT") {
      return Array.prototype.some.call(field.options, function (option) {
        return option.selected !== option.defaultSelected;
      });
    }
    return field.value !== field.defaultValue;
  }

  function note(table) {
    var boxes = [];
    table.querySelectorAll("details[open]").forEach(function (details) {
      boxes.push(boxKey(details));
    });
    var fields = [];
    table.querySelectorAll("form").forEach(function (form) {
      Array.prototype.forEach.call(form.elements, function (field) {
        if (!field.name || field.type === "hidden" || field.type === "submit" || !changed(field)) {
          return;
        }
        fields.push({form: formKey(form), name: field.name, type: field.type,
                     value: field.value, checked: field.checked});
      });
    });
    return {boxes: boxes, fields: fields};
  }

  function restore(table, kept) {
    table.querySelectorAll("details:not([open])").forEach(function (details) {
      if (kept.boxes.indexOf(boxKey(details)) >= 0) details.open = true;
    });
    table.querySelectorAll("form").forEach(function (form) {
      var key = formKey(form);
      kept.fields.forEach(function (was) {
        if (was.form !== key) return;
        Array.prototype.forEach.call(form.elements, function (field) {
          if (field.name !== was.name || field.disabled || changed(field)) return;
          if (field.type === "checkbox" || field.type === "radio") {
            if (field.value !== was.value) return;
            field.checked = was.checked;
          } else {
            field.value = was.value;
          }
          // Listeners that follow the fields (the discard form's running total) see it.
          field.dispatchEvent(new Event("input", {bubbles: true}));
        });
      });
    });
  }

  function background(event) {
    var detail = event.detail || {};
    var elt = detail.requestConfig && detail.requestConfig.elt;
    return elt && elt.matches && elt.matches(BACKGROUND) ? detail : null;
  }

  // After hold.js's listener (this script comes after it): a table it holds back while a
  // finger is down is not swapped now, and is noted when hold.js swaps it in on the release.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var detail = background(event);
    noted = detail && detail.shouldSwap && detail.target ? note(detail.target) : null;
  });
  document.addEventListener("play:heldswap", function (event) {
    noted = note(event.detail.target);
  });
  document.addEventListener("htmx:afterSwap", function () {
    if (!noted) return;
    var table = document.getElementById("stul");
    if (table) restore(table, noted);
    noted = null;
  });
})();
