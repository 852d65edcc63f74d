/* Hrát: the table never changes under a finger.

   Two things swap the table (#stul) without being asked: a game with friends polls for
   changes (.play-poll) and "Přehrávat" steps a computers' game (.play-autostep). When such
   a swap lands between the press and the release of a tap, the button pressed is gone:
   with a mouse the browser then sends no click at all (the tap is lost), with a finger the
   click goes to whatever the new table has at that spot. So while a pointer is down on the
   table, and until its click has been handled, such a swap waits; it is made on release,
   unless the tap sent its own request (its answer is the newer table and replaces the
   waiting one). A tap made from a table that went stale meanwhile reaches the server, which
   answers "Hra mezitím pokročila…". Without JavaScript nothing swaps by itself. */
(function () {
  "use strict";
  var BACKGROUND = ".play-poll, .play-autostep";
  var CLICK_WAIT = 400; // ms after the release: a finger's click comes after pointerup
  var HELD_AT_MOST = 10000; // ms: a press never released (a lost pointerup) stops holding
  var downAt = 0; // when the pointer went down on the table, 0 when not held
  var releaseTimer = null;
  var waiting = null; // the swap held back: {target, html}

  function held() {
    return downAt !== 0 && Date.now() - downAt < HELD_AT_MOST;
  }

  function swapWaiting() {
    downAt = 0;
    releaseTimer = null;
    var swap = waiting;
    waiting = null;
    if (!swap || !swap.target.isConnected || !window.htmx) return;
    // keep.js notes what is open and typed in the table it replaces.
    document.dispatchEvent(new CustomEvent("play:heldswap", {detail: {target: swap.target}}));
    window.htmx.swap(swap.target, swap.html, {
      swapStyle: "outerHTML", swapDelay: 0, settleDelay: window.htmx.config.defaultSettleDelay,
    });
  }

  function releaseSoon(delay) {
    if (!downAt) return;
    clearTimeout(releaseTimer);
    releaseTimer = setTimeout(swapWaiting, delay);
  }

  document.addEventListener("pointerdown", function (event) {
    if (!event.isPrimary || !event.target.closest || !event.target.closest("#stul")) return;
    clearTimeout(releaseTimer);
    downAt = Date.now();
  }, true);
  window.addEventListener("pointerup", function () { releaseSoon(CLICK_WAIT); }, true);
  window.addEventListener("pointercancel", function () { releaseSoon(0); }, true);
  // The click's own request (a form's submit) starts after the click's listeners: release
  // right after it.
  document.addEventListener("click", function () { releaseSoon(0); }, true);

  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail && event.detail.elt;
    if (elt && elt.matches && !elt.matches(BACKGROUND)) waiting = null; // a tap's request
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var detail = event.detail;
    var elt = detail && detail.requestConfig && detail.requestConfig.elt; // who asked
    if (!detail.shouldSwap || !elt || !elt.matches || !elt.matches(BACKGROUND) || !held()) {
      return;
    }
    detail.shouldSwap = false;
    waiting = {target: detail.target, html: detail.serverResponse};
  });
})();
