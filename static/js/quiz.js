// Quizzes: with htmx, a click on the board swaps only the sandbox; without it every click is
// an ordinary link and the page works the same. The request is the link's, so it follows the
// sandbox's hx-sync (Hrát: a tap wins over the table's status poll). Arrow keys move between the board's spots
// (one Tab stop for the whole board). Also a countdown for timed class questions.
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
    window.htmx.ajax("GET", href, { source: link, target: box, swap: "outerHTML" }).then(function () {
      // Keep keyboard users where they were: focus the same place in the new board.
      if (!placeId) return;
      var again = document.querySelector("[data-sandbox] a.target[data-id='" + placeId + "']");
      if (again && typeof again.focus === "function") { rove(again); again.focus(); }
    });
  });

  // Roving focus: only one spot of a board is in the Tab order; arrows reach the others.
  function targets(board) { return board ? board.querySelectorAll("a.target") : []; }
  function rove(current) {
    var all = targets(current.closest("svg"));
    for (var i = 0; i < all.length; i++) all[i].setAttribute("tabindex", all[i] === current ? "0" : "-1");
  }
  function initBoards() {
    var boards = document.querySelectorAll("[data-sandbox] svg.board");
    for (var b = 0; b < boards.length; b++) {
      var all = targets(boards[b]);
      if (!all.length || boards[b].querySelector("a.target[tabindex='0']")) continue;
      rove(all[0]);
    }
  }
  var STEPS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };
  function centre(el) {
    var r = el.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  }
  document.addEventListener("keydown", function (event) {
    var step = STEPS[event.key];
    if (!step || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var here = event.target.closest && event.target.closest("[data-sandbox] a.target");
    if (!here) return;
    event.preventDefault();
    event.stopPropagation();
    var from = centre(here), best = null, bestScore = Infinity;
    var all = targets(here.closest("svg"));
    for (var i = 0; i < all.length; i++) {
      if (all[i] === here) continue;
      var to = centre(all[i]);
      var dx = to[0] - from[0], dy = to[1] - from[1];
      var along = dx * step[0] + dy * step[1];
      if (along <= 1) continue;  // behind or beside: not in this direction
      var across = Math.abs(dx * step[1] - dy * step[0]);
      var score = along + 2 * across;  // nearest, preferring spots straight ahead
      if (score < bestScore) { best = all[i]; bestScore = score; }
    }
    if (best) { rove(best); best.focus(); }
  }, true);
  document.addEventListener("DOMContentLoaded", initBoards);
  document.addEventListener("htmx:afterSettle", initBoards);

  function tick() {
    var timers = document.querySelectorAll("[data-deadline]");
    for (var i = 0; i < timers.length; i++) {
      var end = Date.parse(timers[i].getAttribute("data-deadline"));
      if (isNaN(end)) continue;
      var left = Math.max(0, Math.round((end - Date.now()) / 1000));
      timers[i].textContent = left > 0 ? "Zbývá " + left + " s" : "Čas vypršel";
      if (left === 0 && !timers[i].hasAttribute("data-done")) {
        timers[i].setAttribute("data-done", "");
        timeUp(timers[i].hasAttribute("data-reload"));
      }
    }
  }
  // Time up in a lesson: what the pupil filled in but did not send is sent as it is (the
  // server takes it a moment after the deadline); with nothing filled in, a pupil's own
  // timer (self-paced) moves on and the page says the time ran out.
  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form.quiz-answer");
    if (form) form.setAttribute("data-touched", "");
  });
  function timeUp(reload) {
    var form = document.querySelector(".lesson-screen form.quiz-answer");
    var filled = form && (form.hasAttribute("data-touched") || form.querySelector("input[name='misto']"));
    if (filled) {
      var flag = document.createElement("input");
      flag.type = "hidden"; flag.name = "cas"; flag.value = "1";
      form.appendChild(flag);
      form.submit();
    } else if (reload) {
      window.setTimeout(function () { window.location.reload(); }, 800);
    }
  }
  setInterval(tick, 1000);
})();
