// Quizzes: with htmx, a click on the board swaps only the sandbox; without it every click is
// an ordinary link and the page works the same. Also a countdown for timed class questions.
(function () {
  "use strict";

  document.addEventListener("click", function (event) {
    if (!window.htmx || event.defaultPrevented) return;
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    var link = event.target.closest && event.target.closest("[data-sandbox] a.target, [data-sandbox] a[data-quiz-link]");
    if (!link) return;
    var box = link.closest("[data-sandbox]");
    var href = link.getAttribute("href");
    if (!box || !href) return;
    event.preventDefault();
    var placeId = link.getAttribute("data-id");
    window.htmx.ajax("GET", href, { target: box, swap: "outerHTML" }).then(function () {
      // Keep keyboard users where they were: focus the same place in the new board.
      if (!placeId) return;
      var again = document.querySelector("[data-sandbox] a.target[data-id='" + placeId + "']");
      if (again && typeof again.focus === "function") again.focus();
    });
  });

  function tick() {
    var timers = document.querySelectorAll("[data-deadline]");
    for (var i = 0; i < timers.length; i++) {
      var end = Date.parse(timers[i].getAttribute("data-deadline"));
      if (isNaN(end)) continue;
      var left = Math.max(0, Math.round((end - Date.now()) / 1000));
      timers[i].textContent = left > 0 ? "Zbývá " + left + " s" : "Čas vypršel";
    }
  }
  setInterval(tick, 1000);
})();
