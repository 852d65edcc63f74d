/* Hrát: the discard form's running total ("Vybráno 3 z 4"). Without JavaScript the page
   shows the total of what was last sent; this keeps it live while typing. One listener on
   the document, so a table swapped in by htmx needs nothing more. */
(function () {
  "use strict";
  document.addEventListener("input", function (event) {
    var form = event.target.closest ? event.target.closest(".play-discard") : null;
    if (!form) return;
    var chosen = 0;
    form.querySelectorAll("input[type=number]").forEach(function (input) {
      var count = parseInt(input.value, 10);
      if (count > 0) chosen += count;
    });
    var total = form.querySelector(".discard-total");
    if (!total) return;
    total.querySelector(".discard-chosen").textContent = String(chosen);
    total.classList.toggle("is-done", chosen === parseInt(total.dataset.owed, 10));
  });
})();
