// Parlance: the scripts of the curation, catalog and admin pages (besides portal.js, which also
// shows every <time datetime> in the browser's time zone). Each part improves a page that works
// without it: background jobs followed live, the current text of a description shown, the
// catalog's jump list.
(function () {
  "use strict";

  // Publish, rollback and the model check run as background jobs: the form is posted to its
  // data-jobs address, the job's events move a progress bar, and its page opens when it ends.
  // Without fetch or EventSource the form is posted the plain way (the server waits for the job).
  function jobForms() {
    if (!window.fetch || !window.EventSource || !window.URLSearchParams) return;
    document.querySelectorAll("form[data-jobs]").forEach(function (form) {
      form.addEventListener("submit", function (event) {
        var button = event.submitter;
        if (!button || !button.getAttribute("data-job")) return;
        event.preventDefault();
        var fields = new URLSearchParams(new FormData(form));
        fields.set("action", button.value);
        var csrf = form.querySelector("input[name=_csrf]");
        disable(true);
        show("Starting…", 0, 0);
        fetch(form.getAttribute("data-jobs"), {
          method: "POST",
          credentials: "same-origin",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            "Accept": "application/json",
            "X-CSRF-Token": csrf ? csrf.value : ""
          },
          body: fields.toString()
        }).then(function (response) {
          var type = response.headers.get("Content-Type") || "";
          if (type.indexOf("application/json") < 0) return Promise.reject("not json");
          return response.json().then(function (answer) {
            if (!response.ok) {
              failed(answer.message || ("The server answered " + response.status + "."));
              return;
            }
            follow(answer.events, answer.page);
          });
        }).catch(function () {
          // The job did not start (no answer we understand): post the form the plain way.
          var action = document.createElement("input");
          action.type = "hidden";
          action.name = "action";
          action.value = button.value;
          form.appendChild(action);
          form.submit();
        });
      });
    });
    var running = document.getElementById("running-job");
    var jobs = document.querySelector("form[data-jobs]");
    if (running && jobs) {
      disable(true);
      follow(jobs.getAttribute("data-jobs") + "/events?id=" + encodeURIComponent(running.getAttribute("data-job")),
        window.location.pathname + window.location.search);
    }
  }

  function disable(on) {
    document.querySelectorAll("button[data-job]").forEach(function (b) {
      if (on) {
        b.setAttribute("data-was-disabled", b.disabled ? "yes" : "no");
        b.disabled = true;
      } else {
        b.disabled = b.getAttribute("data-was-disabled") === "yes";
      }
    });
  }

  function show(stage, done, total) {
    var box = document.getElementById("job-progress");
    if (!box) return;
    box.hidden = false;
    box.classList.remove("error");
    box.setAttribute("role", "status");
    var text = document.getElementById("job-stage");
    var bar = document.getElementById("job-bar");
    text.textContent = total > 0 ? stage + ": " + done + " of " + total : stage + "…";
    if (total > 0) {
      bar.max = total;
      bar.value = done;
    } else {
      bar.removeAttribute("value");
    }
  }

  function failed(message) {
    var box = document.getElementById("job-progress");
    if (!box) return;
    box.hidden = false;
    box.classList.add("error");
    box.setAttribute("role", "alert");
    document.getElementById("job-stage").textContent = message;
    disable(false);
  }

  function follow(events, page) {
    var source = new EventSource(events, { withCredentials: true });
    var ended = false;
    source.addEventListener("progress", function (e) {
      var p = JSON.parse(e.data);
      show(p.stage, p.done, p.total);
    });
    source.addEventListener("end", function (e) {
      ended = true;
      source.close();
      window.location.assign(JSON.parse(e.data).page);
    });
    source.onerror = function () {
      if (ended) return;
      if (source.readyState === EventSource.CLOSED) {
        // The stream could not go on: the job's page says where it stands.
        window.location.assign(page);
      }
    };
  }

  // The quick description form names ~300 items: say the chosen one's current text beside it.
  function currentText() {
    var select = document.getElementById("target");
    var out = document.getElementById("target-current");
    if (!select || !out) return;
    var say = function () {
      var option = select.options[select.selectedIndex];
      var current = option ? option.getAttribute("data-current") : "";
      out.textContent = current ? "Now: " + current : "No description yet.";
    };
    select.addEventListener("change", say);
    say();
  }

  // The catalog's views are collapsed; a jump to one opens it.
  function catalogJumps() {
    var open = function (hash) {
      if (!hash || hash.length < 2) return;
      var target = document.getElementById(decodeURIComponent(hash.substring(1)));
      if (target && target.tagName === "DETAILS") target.open = true;
    };
    document.querySelectorAll("a.jump-to").forEach(function (a) {
      a.addEventListener("click", function () { open(a.hash); });
    });
    var toggle = document.getElementById("catalog-toggle");
    if (toggle) {
      toggle.hidden = false;
      toggle.addEventListener("click", function () {
        var entries = document.querySelectorAll("details.catalog-entry");
        var anyClosed = Array.prototype.some.call(entries, function (d) { return !d.open; });
        entries.forEach(function (d) { d.open = anyClosed; });
        toggle.textContent = anyClosed ? "Collapse all" : "Expand all";
      });
    }
    open(window.location.hash);
  }

  document.addEventListener("DOMContentLoaded", function () {
    jobForms();
    currentText();
    catalogJumps();
  });
})();
