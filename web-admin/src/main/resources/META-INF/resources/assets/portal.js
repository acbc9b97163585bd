// Parlance portal: the few things a page does in the browser. No inline code anywhere (the content
// security policy forbids it); each feature looks for its element and does nothing without it.
(function () {
  "use strict";

  // Asking: say at once that the question is being worked on (the live answer below names the
  // stages as the pipeline reports them). The question typed so far and its source are kept in
  // the browser's sessionStorage as they change, so that a session to renew by a new sign-in
  // (the live answer's request redirected, or the plain form post sent through the login) finds
  // them back in the box when the ask page loads again; an answer shown forgets them.
  var KEPT_QUESTION = "parlance.question";
  var KEPT_SOURCE = "parlance.source";
  function kept(name, value) {
    try {
      if (value === undefined) return sessionStorage.getItem(name);
      if (value === null) sessionStorage.removeItem(name);
      else sessionStorage.setItem(name, value);
    } catch (e) { /* storage refused (private mode): nothing is kept */ }
    return null;
  }
  function keepQuestion(form) {
    kept(KEPT_QUESTION, form.elements.question.value);
    if (form.elements.source) kept(KEPT_SOURCE, form.elements.source.value);
  }
  function askProgress() {
    var form = document.getElementById("ask-form");
    if (!form) return;
    var question = document.getElementById("question");
    if (document.getElementById("answer")) {
      kept(KEPT_QUESTION, null);
      kept(KEPT_SOURCE, null);
    } else if (!question.value && kept(KEPT_QUESTION)) {
      question.value = kept(KEPT_QUESTION);
      var source = form.elements.source;
      var keptSource = kept(KEPT_SOURCE);
      if (source && keptSource && !new URLSearchParams(location.search).has("source") &&
          Array.prototype.some.call(source.options, function (o) { return o.value === keptSource; })) {
        source.value = keptSource;
      }
    }
    form.addEventListener("input", function () { keepQuestion(form); });
    ctrlEnterAsks(form);
    form.addEventListener("submit", function () {
      performance.mark("parlance-ask-submitted");
      document.getElementById("progress").textContent = "Working\u2026";
      document.getElementById("ask-button").disabled = true;
      keepQuestion(form);
    });
  }

  // Ctrl+Enter (Cmd+Enter on a Mac) in a question box asks, as the button does.
  function ctrlEnterAsks(form) {
    form.querySelectorAll("textarea").forEach(function (area) {
      if (area.dataset.ctrlEnter) return;
      area.dataset.ctrlEnter = "1";
      area.addEventListener("keydown", function (event) {
        if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          if (form.requestSubmit) form.requestSubmit(); else form.submit();
        }
      });
    });
  }

  // A number as the reader's locale writes it, never with an exponent.
  function localNumber(v, whole) {
    if (v === null || v === undefined || v === "") return "";
    var n = Number(v);
    if (!isFinite(n)) return String(v);
    return n.toLocaleString(undefined, { maximumFractionDigits: whole ? 0 : 2 });
  }

  function resultData() {
    var block = document.getElementById("result-data");
    return block ? JSON.parse(block.textContent) : null;
  }

  // The chart chosen from the result's shape, switchable.
  var chart = null;
  function drawChart(data, kind) {
    var canvas = document.getElementById("chart");
    var big = document.getElementById("big-number");
    if (!canvas) return;
    if (chart) { chart.destroy(); chart = null; }
    canvas.parentElement.hidden = true;
    big.hidden = true;
    if (kind === "none") return;
    var names = data.labels || data.columns;
    var whole = data.wholeNumbers || [];
    if (kind === "number") {
      big.textContent = localNumber(data.rows[0][0], whole[0]);
      big.hidden = false;
      return;
    }
    if (typeof Chart === "undefined") return;
    canvas.parentElement.hidden = false;
    // The chart draws every row it can hold (the server says how many: chartRows).
    var rows = data.rows.slice(0, data.chartRows === undefined ? data.rows.length : data.chartRows);
    var labels = rows.map(function (r) { return r[0] === null ? "(none)" : String(r[0]); });
    var values = rows.map(function (r) { return Number(r[1]); });
    var integers = values.every(function (v) { return Math.floor(v) === v; });
    var config;
    if (kind === "scatter") {
      config = { type: "scatter", data: { datasets: [{ label: names[1], data: rows.map(function (r) { return { x: Number(r[0]), y: Number(r[1]) }; }), backgroundColor: "#0b5cad" }] } };
    } else {
      config = { type: kind === "line" ? "line" : "bar", data: { labels: labels, datasets: [{ label: names[1], data: values, backgroundColor: "#0b5cad", borderColor: "#0b5cad" }] } };
    }
    // Axis titles in the views' words; a count's axis in whole steps; every category's label
    // (turned when they are many), as many as a bar chart holds.
    var yTicks = { callback: function (v) { return localNumber(v, integers); } };
    if (integers) yTicks.precision = 0;
    var xTicks = kind === "bar" ? { autoSkip: rows.length > 60, maxRotation: 60, minRotation: 0 } : {};
    if (kind === "scatter") xTicks.callback = function (v) { return localNumber(v, false); };
    config.options = {
      responsive: true, maintainAspectRatio: false, animation: false,
      plugins: { legend: { display: false },
        tooltip: { callbacks: { label: function (c) { return names[1] + ": " + localNumber(c.parsed.y, integers); } } } },
      scales: {
        x: { title: { display: true, text: names[0] }, ticks: xTicks },
        y: { title: { display: true, text: names[1] }, ticks: yTicks, beginAtZero: kind === "bar" }
      }
    };
    canvas.setAttribute("aria-label", (kind === "scatter" ? "Scatter plot of " : "Chart of ") + names.join(" and "));
    chart = new Chart(canvas, config);
  }

  function charts() {
    var data = resultData();
    var select = document.getElementById("chart-kind");
    if (!data || !select) return;
    drawChart(data, select.value);
    select.addEventListener("change", function () { drawChart(data, select.value); });
  }

  // CSV of every row of the result the page holds (all the answer's rows, not only the table's
  // first ones), the columns as the database named them (RFC 4180 quoting).
  function csvCell(v) {
    if (v === null || v === undefined) return "";
    var s = String(v);
    return /[",\r\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
  }
  function download() {
    var button = document.getElementById("download-csv");
    if (!button) return;
    button.addEventListener("click", function () {
      var data = resultData();
      var lines = [data.columns.map(csvCell).join(",")];
      data.rows.forEach(function (r) { lines.push(r.map(csvCell).join(",")); });
      var blob = new Blob([lines.join("\r\n") + "\r\n"], { type: "text/csv" });
      var a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = "parlance-answer.csv";
      document.body.appendChild(a);
      a.click();
      a.remove();
    });
  }

  // Sorting a result table by a column (click or Enter on its header button).
  function sortable() {
    document.querySelectorAll("table.sortable").forEach(function (table) {
      table.querySelectorAll("th").forEach(function (th, index) {
        var button = th.querySelector("button.sort");
        if (!button) return;
        th.setAttribute("aria-sort", "none");
        button.addEventListener("click", function () {
          var ascending = th.getAttribute("aria-sort") !== "ascending";
          table.querySelectorAll("th").forEach(function (other) { other.setAttribute("aria-sort", "none"); });
          th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
          var body = table.tBodies[0];
          var rows = Array.prototype.slice.call(body.rows);
          rows.sort(function (a, b) {
            var x = a.cells[index].textContent, y = b.cells[index].textContent;
            var nx = parseFloat(x), ny = parseFloat(y);
            var c = (!isNaN(nx) && !isNaN(ny)) ? nx - ny : x.localeCompare(y);
            return ascending ? c : -c;
          });
          rows.forEach(function (r) { body.appendChild(r); });
          table.dispatchEvent(new CustomEvent("parlance:sorted"));
        });
      });
    });
  }

  // ---- exploring (branch explore): example questions, result pages

  // An example question fills the question box (the link itself asks the page with it, without
  // script); examples belong to one source and hide when another source is chosen.
  function examples() {
    var question = document.getElementById("question");
    var section = document.getElementById("examples");
    if (!question || !section) return;
    section.querySelectorAll("a.example").forEach(function (link) {
      link.addEventListener("click", function (event) {
        event.preventDefault();
        question.value = link.getAttribute("data-question");
        question.focus();
      });
    });
    var source = document.getElementById("source");
    if (source) {
      source.addEventListener("change", function () {
        section.hidden = source.value !== section.getAttribute("data-source");
      });
    }
  }

  // The result table in pages of data-page-size rows, previous / next; a sort starts again at the
  // first page. Every row stays in the page (the CSV, the chart): only the others are hidden.
  function pager() {
    var table = document.querySelector("table.paged");
    var nav = document.getElementById("result-pager");
    if (!table || !nav) return;
    var size = Number(table.getAttribute("data-page-size")) || 25;
    var rows = table.tBodies[0].rows;
    if (rows.length <= size) return;
    var previous = document.getElementById("result-previous");
    var next = document.getElementById("result-next");
    var label = document.getElementById("result-page");
    var page = 0;
    function show() {
      var pages = Math.ceil(rows.length / size);
      page = Math.min(Math.max(page, 0), pages - 1);
      for (var i = 0; i < rows.length; i++) rows[i].hidden = Math.floor(i / size) !== page;
      var box = table.closest(".table-box");
      if (box) box.scrollTop = 0;
      label.textContent = "Rows " + (page * size + 1) + "\u2013" + Math.min(rows.length, (page + 1) * size) +
        " of " + rows.length + " (page " + (page + 1) + " of " + pages + ")";
      var focused = document.activeElement;
      previous.disabled = page === 0;
      next.disabled = page === pages - 1;
      // A button that just got disabled would drop the keyboard's focus: hand it to the other one.
      if ((focused === previous || focused === next) && focused.disabled) {
        (focused === previous ? next : previous).focus();
      }
    }
    nav.hidden = false;
    previous.addEventListener("click", function () { page--; show(); });
    next.addEventListener("click", function () { page++; show(); });
    table.addEventListener("parlance:sorted", function () { page = 0; show(); });
    show();
  }

  // SQL keywords highlighted (text only: the code stays the escaped text the server sent). String
  // literals, quoted names and comments are matched first, so the keywords inside them stay plain.
  var SQL_TOKENS = /('(?:[^']|'')*'?|"(?:[^"]|"")*"?|`[^`]*`?|--[^\n]*|\/\*[\s\S]*?(?:\*\/|$))|\b(SELECT|FROM|WHERE|GROUP BY|ORDER BY|HAVING|JOIN|LEFT JOIN|INNER JOIN|ON|AS|AND|OR|NOT|IN|LIMIT|COUNT|SUM|AVG|MIN|MAX|DISTINCT|CASE|WHEN|THEN|ELSE|END|DESC|ASC|WITH|UNION|IS|NULL|LIKE|BETWEEN)\b/gi;
  function highlightCode(code) {
    var text = code.textContent;
    code.textContent = "";
    var last = 0;
    text.replace(SQL_TOKENS, function (match, quotedOrComment, keyword, offset) {
      if (!keyword) return match;
      code.appendChild(document.createTextNode(text.slice(last, offset)));
      var span = document.createElement("span");
      span.className = "kw";
      span.textContent = match;
      code.appendChild(span);
      last = offset + match.length;
      return match;
    });
    code.appendChild(document.createTextNode(text.slice(last)));
  }

  // A long one-line statement laid out a clause a line (text only; short or already laid-out
  // statements stay as they are).
  var CLAUSES = /\s+(FROM|WHERE|GROUP BY|ORDER BY|HAVING|LIMIT|UNION ALL|UNION|(?:LEFT |RIGHT |INNER |FULL |CROSS )?(?:OUTER )?JOIN)\b/gi;
  function layOut(code) {
    var text = code.textContent;
    if (text.length <= 80 || text.indexOf("\n") >= 0) return;
    var out = "", last = 0;
    // Only outside string literals and quoted names.
    text.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"/g, function (quoted, offset) {
      out += text.slice(last, offset).replace(CLAUSES, "\n$1") + quoted;
      last = offset + quoted.length;
      return quoted;
    });
    out += text.slice(last).replace(CLAUSES, "\n$1");
    code.textContent = out;
  }

  function highlight() {
    var answerSql = document.getElementById("answer-sql");
    if (answerSql) layOut(answerSql);
    document.querySelectorAll("code.sql").forEach(highlightCode);
  }

  // Copy buttons: the SQL as it is, a share link as a whole address.
  function copyButtons() {
    document.querySelectorAll("button[data-copy]").forEach(function (button) {
      button.addEventListener("click", function () {
        var target = document.getElementById(button.getAttribute("data-copy"));
        if (!target) return;
        var text = target.value !== undefined && target.tagName === "INPUT" ? target.value : target.textContent;
        var done = function () { button.textContent = "Copied"; };
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(text).then(done, function () { fallbackCopy(target); done(); });
        } else {
          fallbackCopy(target);
          done();
        }
      });
    });
    var share = document.getElementById("share-link");
    if (share && share.value.indexOf("/") === 0) share.value = location.origin + share.value;
  }
  function fallbackCopy(target) {
    if (target.select) { target.select(); document.execCommand("copy"); }
  }

  // Times in the reader's own time zone (the server writes UTC).
  function localTimes() {
    document.querySelectorAll("time[datetime]").forEach(function (t) {
      var at = new Date(t.getAttribute("datetime"));
      if (isNaN(at.getTime())) return;
      t.textContent = at.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
      t.title = t.getAttribute("datetime");
    });
  }

  // The address of the answer shown: /portal/answers/{id}, so that a reload, a bookmark or the
  // back button finds it again.
  function answerAddress() {
    var answer = document.getElementById("answer");
    var address = answer && answer.getAttribute("data-address");
    if (!address || location.pathname === address || !window.history || !history.pushState) return;
    // A conversation's page shows its last answer under the conversation's own address.
    if (location.pathname.indexOf("/portal/conversations/") >= 0) return;
    history.pushState({ answer: answer.getAttribute("data-answer") }, "", address);
  }

  // The view editor: the highlighted, numbered preview follows what is typed (the line the last
  // check marked stays marked until the SQL changes).
  function viewEditor() {
    var area = document.getElementById("view-sql");
    var preview = document.getElementById("view-sql-preview");
    if (!area || !preview) return;
    area.addEventListener("input", function () {
      preview.textContent = "";
      area.value.split("\n").forEach(function (line) {
        var item = document.createElement("li");
        var code = document.createElement("code");
        code.className = "sql";
        code.textContent = line;
        highlightCode(code);
        item.appendChild(code);
        preview.appendChild(item);
      });
    });
  }

  // Importing a curation file: the chosen file's text goes into the box the form posts.
  function importFile() {
    var input = document.getElementById("import-file");
    var area = document.getElementById("import-yaml");
    if (!input || !area) return;
    input.addEventListener("change", function () {
      var file = input.files && input.files[0];
      if (!file) return;
      file.text().then(function (text) { area.value = text; });
    });
  }

  // Curation quality: a line per budget over the versions measured (the table beside it holds the
  // same numbers).
  function qualityChart() {
    var block = document.getElementById("quality-data");
    var canvas = document.getElementById("quality-chart");
    if (!block || !canvas || typeof Chart === "undefined") return;
    var data = JSON.parse(block.textContent);
    var colours = ["#0b5cad", "#1f6f3f", "#8a5300"];
    var datasets = Object.keys(data.series).map(function (name, i) {
      return { label: name, data: data.series[name], borderColor: colours[i % colours.length], backgroundColor: colours[i % colours.length], spanGaps: false };
    });
    new Chart(canvas, {
      type: "line",
      data: { labels: data.labels, datasets: datasets },
      options: { animation: false, maintainAspectRatio: false, scales: { y: { min: 0, max: 1, title: { display: true, text: "recall" } } } }
    });
  }

  // The admin's spend chart: tokens per day, one stacked series per source.
  var PALETTE = ["#0b5cad", "#c2410c", "#15803d", "#7e22ce", "#a16207", "#0f766e", "#be123c"];
  function spendChart() {
    var canvas = document.getElementById("spend-chart");
    var block = document.getElementById("spend-data");
    if (!canvas || !block || typeof Chart === "undefined") return;
    var data = JSON.parse(block.textContent);
    new Chart(canvas, {
      type: "bar",
      data: {
        labels: data.days,
        datasets: data.series.map(function (s, i) {
          return { label: s.label, data: s.tokens, backgroundColor: PALETTE[i % PALETTE.length] };
        })
      },
      options: {
        responsive: true, maintainAspectRatio: false, animation: false,
        scales: { x: { stacked: true }, y: { stacked: true, title: { display: true, text: "tokens" } } }
      }
    });
  }

  // A page that shows work in progress (an index being built) asks for itself again.
  function refresh() {
    var marked = document.querySelector("[data-refresh]");
    if (!marked) return;
    setTimeout(function () { window.location.assign(window.location.pathname); }, Number(marked.getAttribute("data-refresh")) * 1000);
  }

  // An evaluation run started from the page: its progress asked for every 2 s from the row's
  // data-job address (JSON: state, done, total); once it has ended, the page again, which lists
  // its state and report.
  function evaluationProgress() {
    var rows = document.querySelectorAll("tr[data-job]");
    if (!rows.length || !window.fetch) return;
    rows.forEach(function (row) {
      var poll = function () {
        fetch(row.getAttribute("data-job"), { credentials: "same-origin", headers: { "Accept": "application/json" } })
          .then(function (response) { return response.ok ? response.json() : Promise.reject(response.status); })
          .then(function (job) {
            var bar = row.querySelector("progress");
            bar.max = Math.max(job.total, 1);
            bar.value = job.done;
            row.querySelector(".job-done").textContent = job.done + " of " + job.total;
            if (job.running) setTimeout(poll, 2000);
            else window.location.assign(window.location.pathname);
          })
          .catch(function () { setTimeout(poll, 5000); });
      };
      setTimeout(poll, 2000);
    });
  }

  // Live answer (branch report). The ask form posts to its data-live address with fetch; the
  // answer comes as Server-Sent Events: the pipeline's stages as they start and end, then the page
  // the plain form post would have shown, whose main content replaces this page's (then enhance
  // runs again over it). When the stream cannot start (no fetch, the connection refused), the form
  // is posted the plain way; a session to renew goes through the login (renewSession); once the
  // question runs, it is never posted twice.
  function liveAnswer() {
    if (!window.fetch || !window.TextDecoder || !window.DOMParser) return;
    document.querySelectorAll("form[data-live]").forEach(liveForm);
  }

  function liveForm(form) {
    if (form.dataset.liveBound) return;
    form.dataset.liveBound = "1";
    ctrlEnterAsks(form);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var started = false;
      var stages = liveStages(form);
      var button = form.querySelector("button[type=submit]");
      if (button) button.disabled = true;
      fetch(form.getAttribute("data-live"), {
        method: "POST",
        body: new URLSearchParams(new FormData(form)),
        headers: { "X-CSRF-Token": form.elements._csrf.value, "Accept": "text/event-stream" },
        credentials: "same-origin",
        redirect: "manual"
      }).then(function (response) {
        var type = response.headers.get("Content-Type") || "";
        if (response.type === "opaqueredirect" || response.status === 0 || response.status === 401) {
          renewSession(form);
        } else if (type.indexOf("text/event-stream") === 0) {
          started = true;
          return readEvents(response, function (name, data) {
            if (name === "stage") stages.stage(data.stage, data.event);
            else if (name === "progress") stages.indexing(data);
            else if (name === "answer" && form.getAttribute("data-then")) {
              // A follow-up asked on a conversation's page: the thread, with the new answer.
              window.location.assign(form.getAttribute("data-then") + data.id);
            } else if (name === "answer" || name === "problem") showPage(data.page);
          });
        } else if (type.indexOf("text/html") === 0) {
          return response.text().then(showPage);
        } else {
          return response.text().then(function (text) { refused(form, response.status, text); });
        }
      }).catch(function () {
        if (!started) {
          form.submit();
        } else {
          progressOf(form).textContent =
            "The connection was lost; the answer will be under My questions.";
        }
      });
    });
  }

  // The session has to be renewed (the sign-in expired: the portal redirects to the provider's
  // login, which a fetch cannot follow): the question is kept, and the ask page is opened the
  // ordinary way, through the login and back, with the question in the box again. A question
  // never runs unasked.
  function renewSession(form) {
    keepQuestion(form);
    var address = form.action;
    if (form.elements.source) address += "?source=" + encodeURIComponent(form.elements.source.value);
    window.location.assign(address);
  }

  // An answer that is neither the stream nor a page (a problem the server's filters answered,
  // e.g. a refused CSRF token): its detail is shown, the form usable again.
  function refused(form, status, text) {
    var detail = "";
    try { detail = JSON.parse(text).detail || ""; } catch (e) { /* not a problem document */ }
    var progress = progressOf(form);
    progress.textContent = "Not asked (" + status + (detail ? ": " + detail : "") +
      "). Reload the page and ask again.";
    progress.setAttribute("role", "alert");
    var button = form.querySelector("button[type=submit]");
    if (button) button.disabled = false;
    if (form.id === "ask-form") keepQuestion(form);
  }

  // The stages shown as the pipeline reports them; a stage may run more than once at a time.
  function progressOf(form) {
    return form.querySelector(".progress") || document.getElementById("progress");
  }

  function liveStages(form) {
    var list = form.querySelector("ol.live-stages") || document.getElementById("live-stages");
    var progress = progressOf(form);
    progress.textContent = "Working\u2026";
    var shown = {};
    list.textContent = "";
    list.hidden = false;
    return {
      stage: function (name, event) {
        var item = shown[name];
        if (!item) {
          item = shown[name] = { li: document.createElement("li"), running: 0, since: performance.now() };
          list.appendChild(item.li);
          if (list.children.length === 1) performance.mark("parlance-first-stage");
        }
        item.running += event === "started" ? 1 : -1;
        if (item.running > 0) {
          item.li.className = "working";
          item.li.textContent = name + "\u2026";
          progress.textContent = "Working: " + name + "\u2026";
        } else {
          item.li.className = "done";
          item.li.textContent = name + " \u2713 " + Math.round(performance.now() - item.since) + " ms";
        }
      },
      indexing: function (step) {
        progress.textContent = "Indexing the source (" + step.stage + "): " + step.done +
          (step.total > 0 ? " of " + step.total : "") + "\u2026";
      }
    };
  }

  // Server-Sent Events from a fetch response: one "event:" and one "data:" line (JSON) each.
  function readEvents(response, onEvent) {
    var reader = response.body.getReader();
    var decoder = new TextDecoder();
    var buffer = "";
    function pump() {
      return reader.read().then(function (chunk) {
        if (chunk.done) return;
        buffer += decoder.decode(chunk.value, { stream: true });
        var end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          var name = "message", data = "";
          buffer.slice(0, end).split("\n").forEach(function (line) {
            if (line.indexOf("event: ") === 0) name = line.slice(7);
            else if (line.indexOf("data: ") === 0) data += line.slice(6);
          });
          buffer = buffer.slice(end + 2);
          onEvent(name, data ? JSON.parse(data) : null);
        }
        return pump();
      });
    }
    return pump();
  }

  // Shows a page the server rendered: its main content and title replace this page's.
  function showPage(html) {
    var page = new DOMParser().parseFromString(html, "text/html");
    var main = page.getElementById("main");
    if (!main) return;
    document.getElementById("main").replaceWith(document.importNode(main, true));
    document.title = page.title;
    performance.mark("parlance-answer-shown");
    enhance();
    document.getElementById("main").focus();
  }

  // Every feature, over the page as loaded and again over a main content shown by showPage: each
  // binds only to elements inside main.
  function enhance() {
    askProgress();
    answerAddress();
    highlight();
    copyButtons();
    localTimes();
    viewEditor();
    importFile();
    qualityChart();
    charts();
    spendChart();
    download();
    sortable();
    refresh();
    evaluationProgress();
    examples();
    pager();
    liveAnswer();
  }

  document.addEventListener("DOMContentLoaded", enhance);
})();
