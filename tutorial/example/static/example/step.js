// Example game steps: after htmx swaps in a new step, show its top, keep the keyboard focus
// on the control that was used and announce the new step. Without this file (or without
// JavaScript) every link loads a whole page, which needs none of it.
(function () {
  "use strict";
  var used = null; // the link that asked for the new step: which step-nav and which nav-* class

  function navClass(link) {
    var names = (link.className || "").split(/\s+/);
    for (var i = 0; i < names.length; i++) {
      if (names[i].indexOf("nav-") === 0) return names[i];
    }
    return null;
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var link = event.detail.elt;
    if (!link || !link.closest || !link.closest("#krok")) { used = null; return; }
    var nav = link.closest(".step-nav");
    var navs = Array.prototype.slice.call(document.querySelectorAll("#krok .step-nav"));
    used = {nav: nav ? navs.indexOf(nav) : -1, cls: nav ? navClass(link) : null};
  });

  document.addEventListener("htmx:afterSettle", function () {
    var step = document.getElementById("krok");
    if (!step || !used) return;
    var heading = step.querySelector("h1");
    var live = document.getElementById("krok-oznameni");
    if (live && heading) live.textContent = heading.textContent.replace(/\s+/g, " ").trim();
    var nav = used.nav >= 0 ? step.querySelectorAll(".step-nav")[used.nav] : null;
    var control = nav && used.cls ? nav.querySelector("a." + used.cls) : null;
    used = null;
    if (!control && heading) {  // a link that is gone (e.g. "další" after the last step)
      heading.setAttribute("tabindex", "-1");
      control = heading;
    }
    if (control) control.focus({preventScroll: true});
    if (step.getBoundingClientRect().top < 0) step.scrollIntoView({block: "start"});
  });
})();
