// dev.js: the edit-and-see client. The server puts it into every page only when the dev supervisor
// (scripts/dev) runs it; without the supervisor no page loads it and GET /dev/events does not exist.
//
// It follows GET /dev/events (server-sent events):
// - hello (data: the server's build): a page of another build reloads;
// - building: a small status shows that a build runs;
// - reload (data: the new build): the page reloads and keeps its scroll position;
// - css (data: a stylesheet's path): the stylesheet is swapped in place, in this page and its frames;
// - build-failed (data: {"diagnostics":[{file,line,column,severity,message,source}],"output"}): an
//   overlay lists the diagnostics. Everything in it is set as text, never as markup.
// No inline script, no eval, no style attributes: the strict CSP applies here too.
'use strict';
(function () {
  var meta = document.querySelector('meta[name="preview-dev-build"]');
  if (!meta || !window.EventSource) return;
  var pageBuild = meta.getAttribute('content');
  var SCROLL_KEY = 'preview-dev-scroll';
  var status = null;
  var overlay = null;

  function here() {
    return location.pathname + location.search;
  }

  function reload() {
    try {
      sessionStorage.setItem(SCROLL_KEY, JSON.stringify({ page: here(), x: window.scrollX, y: window.scrollY }));
    } catch (e) { /* storage may be off: reload anyway */ }
    location.reload();
  }

  function restoreScroll() {
    var saved = null;
    try {
      saved = JSON.parse(sessionStorage.getItem(SCROLL_KEY) || 'null');
      sessionStorage.removeItem(SCROLL_KEY);
    } catch (e) { return; }
    if (!saved || saved.page !== here()) return;
    var restore = function () { window.scrollTo(saved.x, saved.y); };
    restore();
    // Images and fonts may still change the layout: once more when everything has loaded.
    if (document.readyState !== 'complete') window.addEventListener('load', restore, { once: true });
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function showStatus(text) {
    if (!status) {
      status = element('div', 'dev-status');
      status.setAttribute('role', 'status');
      // Inside <main>, so that it sits in a landmark like the rest of the page.
      (document.querySelector('main') || document.body).appendChild(status);
    }
    status.textContent = text;
    status.hidden = !text;
  }

  // Swaps every <link rel=stylesheet> of `path` for a fresh one; the old one goes once the new one has
  // loaded, so the page is never without its styles.
  function swapStylesheet(doc, path) {
    var links = doc.querySelectorAll('link[rel="stylesheet"]');
    for (var i = 0; i < links.length; i++) {
      var link = links[i];
      var url = new URL(link.href, doc.baseURI);
      if (url.pathname !== path || link.dataset.devReplaced) continue;
      link.dataset.devReplaced = 'true';
      var fresh = link.cloneNode();
      delete fresh.dataset.devReplaced;
      url.searchParams.set('dev', String(Date.now()));
      fresh.href = url.pathname + url.search;
      var done = (function (old) { return function () { old.remove(); }; })(link);
      fresh.addEventListener('load', done, { once: true });
      fresh.addEventListener('error', done, { once: true });
      link.after(fresh);
    }
  }

  function swapStylesheetEverywhere(path) {
    swapStylesheet(document, path);
    var frames = document.querySelectorAll('iframe');
    for (var i = 0; i < frames.length; i++) {
      try {
        if (frames[i].contentDocument) swapStylesheet(frames[i].contentDocument, path);
      } catch (e) { /* another origin: not ours */ }
    }
  }

  function closeOverlay() {
    if (overlay) overlay.remove();
    overlay = null;
  }

  function diagnosticItem(diagnostic) {
    var item = element('li', 'dev-diagnostic dev-' + (diagnostic.severity || 'error'));
    var where = element('p', 'dev-diagnostic-where');
    where.appendChild(element('span', 'dev-severity', diagnostic.severity || 'error'));
    where.appendChild(document.createTextNode(' '));
    var place = diagnostic.file || 'build';
    if (diagnostic.file && diagnostic.line) place += ':' + diagnostic.line + (diagnostic.column ? ':' + diagnostic.column : '');
    where.appendChild(element('code', 'dev-location', place));
    item.appendChild(where);
    item.appendChild(element('p', 'dev-diagnostic-message', diagnostic.message || ''));
    if (typeof diagnostic.source === 'string' && diagnostic.line) {
      var number = String(diagnostic.line);
      var text = number + ' | ' + diagnostic.source;
      if (diagnostic.column) {
        text += '\n' + ' '.repeat(number.length) + ' | ' + ' '.repeat(Math.max(0, diagnostic.column - 1)) + '^';
      }
      var pre = element('pre', 'dev-diagnostic-source');
      pre.tabIndex = 0; // it may scroll sideways: keyboard users must reach it
      pre.appendChild(element('code', null, text));
      item.appendChild(pre);
    }
    return item;
  }

  function showFailure(report) {
    closeOverlay();
    showStatus('');
    var diagnostics = Array.isArray(report.diagnostics) ? report.diagnostics : [];
    overlay = element('div', 'dev-overlay');
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-modal', 'false');
    overlay.setAttribute('aria-labelledby', 'dev-overlay-title');
    var panel = element('div', 'dev-overlay-panel');
    var header = element('div', 'dev-overlay-header');
    var title = element('h2', null, 'Build failed');
    title.id = 'dev-overlay-title';
    header.appendChild(title);
    var close = element('button', 'dev-overlay-close', 'Close');
    close.type = 'button';
    close.addEventListener('click', closeOverlay);
    header.appendChild(close);
    panel.appendChild(header);
    var errors = diagnostics.filter(function (d) { return d.severity === 'error'; }).length;
    panel.appendChild(element('p', 'dev-overlay-summary',
      (errors === 1 ? '1 error' : errors + ' errors') + '. The server still runs the last good build; ' +
      'this page updates when a build succeeds.'));
    var list = element('ol', 'dev-diagnostics');
    diagnostics.forEach(function (diagnostic) { list.appendChild(diagnosticItem(diagnostic)); });
    panel.appendChild(list);
    if (report.output) {
      var details = element('details', 'dev-output');
      details.appendChild(element('summary', null, 'Compiler output'));
      var pre = element('pre');
      pre.tabIndex = 0;
      pre.appendChild(element('code', null, report.output));
      details.appendChild(pre);
      panel.appendChild(details);
    }
    overlay.appendChild(panel);
    document.body.appendChild(overlay);
  }

  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape' && overlay) closeOverlay();
  });

  function follow() {
    var events = new EventSource('/dev/events');
    // A browser holds few connections per host: give this one back when the page goes away.
    window.addEventListener('pagehide', function () { events.close(); }, { once: true });
    events.addEventListener('hello', function (event) {
      if (event.data !== pageBuild) reload();
    });
    events.addEventListener('building', function () { showStatus('Building…'); });
    events.addEventListener('reload', reload);
    events.addEventListener('css', function (event) { swapStylesheetEverywhere(event.data); });
    events.addEventListener('build-failed', function (event) {
      var report;
      try { report = JSON.parse(event.data); } catch (e) { report = { diagnostics: [], output: event.data }; }
      showFailure(report);
    });
  }

  restoreScroll();
  follow();
  // Back from the back-forward cache: follow again (a page of an older build reloads on hello).
  window.addEventListener('pageshow', function (event) { if (event.persisted) follow(); });
})();
