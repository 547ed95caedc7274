// app.js: the kit's browser script. It knows no component: everything it shows comes from the server,
// rendered by the same Swift as every other state. Everything works without it: every tap is a form
// POST that the server answers with 303 See Other.
//
// A self-managed root (SelfManaged.swift) carries:
// - data-self-managed: its key (the component and the target); every root on the page with the same key is kept in step.
// - data-optimistic: the patch to the state a tap shows at once (HTMLPatch.encoded: the element count,
//   then index, =name / -name / :, value; "|" separates, "\" escapes), or data-optimistic-html, that
//   state's whole markup. A tap on an optimistic state goes back to the state it came from.
// - data-optimistic-options, on a root whose forms show different things at once (five stars): a JSON
//   object from each form's action and hidden fields (action?name=value&…, return_to left out) to its state, a
//   patch from the root or {"html": markup}. A tap shows, from the root as it was before the first tap in
//   flight, the state of the form tapped; a form with none goes back to that state.
// - data-fill="field" on an element of the optimistic state: the server renders it before it knows what
//   was typed, and this file puts in the value of the form's field of that name, as text (never markup).
// On a tap of a form inside such a root, this file:
// - swaps the optimistic state in at once and marks the root aria-busy;
// - posts the form with HX-Request: true, so the server answers with the root's fragment; one request per
//   key is in flight at a time, so taps reach the server in the order they were made: taps made meanwhile
//   wait in line and go one after another as each answer comes;
// - swaps in the answer of the latest tap: 200 (committed), 503 (restored, with its role="alert") or
//   422 (refused as it is, with its message); focus goes to the answer's [autofocus] element if it has
//   one (a field holding the text that was not kept), else stays at the same place;
// - announces the answer's HX-Trigger {"announce": text} in one polite live region;
// - when no answer comes (the connection dropped, or data-tap-timeout-ms on <body>, 30 s by default,
//   passed), puts back the exact markup from before the first tap and shows the page's #tap-alert.
// The first tap in flight says X-Self-Managed-Kept: true: its answer may stand for elements the page
// holds with <template data-kept="N"> (the last of them inside), the N elements at that place in the root
// as it was before the tap (the entries of a list that grows, but the new ones). This file puts its own
// back, after checking that the last equals the template's, and renumbers the answer's data-optimistic,
// which counts the elements the server wrote (a template's content after the template), for the root it
// now is; where it does not hold them (another viewer's change came meanwhile), it fetches the page again
// for the root, and reloads the page when that does not show it.
// On a component page's Scenarios panel it plays a scenario (or all) one step at a time through the
// server's run route, as a fresh viewer, showing each step's outcome, the component as the answer shows
// it, and that viewer's events; without script each Run posts that route's form.
// Where htmx is on the page, or a form carries hx-* attributes, this file leaves the form to htmx (one
// tap, one POST), and announces htmx's "announce" events. No inline script, no eval, no style
// attributes: a strict CSP `script-src 'self'` applies.
'use strict';
(function () {
  var ROOT = '[data-self-managed]';
  // key -> { seq: the latest tap's number, bases: the roots' markup before the first tap, inFlight: a request
  // is out, waiting: the taps not yet sent, oldest first }
  var pending = {};
  var wayBack = new WeakMap(); // an optimistic root -> the root it came from
  var announcer = null;

  // ---- The server's optimistic state

  function parsePatch(text) {
    var fields = [], field = '', escaping = false;
    for (var i = 0; i < text.length; i++) {
      var c = text.charAt(i);
      if (escaping) { field += c; escaping = false; }
      else if (c === '\\') escaping = true;
      else if (c === '|') { fields.push(field); field = ''; }
      else field += c;
    }
    fields.push(field);
    var count = parseInt(fields[0], 10);
    if (escaping || !(count > 0) || (fields.length - 1) % 3 !== 0) return null;
    var changes = [];
    for (var j = 1; j < fields.length; j += 3) {
      changes.push({ index: parseInt(fields[j], 10), kind: fields[j + 1].charAt(0),
                     name: fields[j + 1].slice(1), value: fields[j + 2] });
    }
    return { count: count, changes: changes };
  }

  function encodedPatch(count, changes) {
    function escaped(text) { return String(text).replace(/[\\|]/g, '\\$&'); }
    return [String(count)].concat(changes.map(function (change) {
      return change.index + '|' + escaped(change.kind + change.name) + '|' + escaped(change.value);
    })).join('|');
  }

  function elementsOf(root) {
    return [root].concat(Array.prototype.slice.call(root.querySelectorAll('*')));
  }

  function patched(root, text) {
    var patch = parsePatch(text);
    if (!patch) return null;
    var next = root.cloneNode(true);
    var elements = elementsOf(next);
    if (elements.length !== patch.count) return null; // not the markup the patch was made for
    for (var i = 0; i < patch.changes.length; i++) {
      var change = patch.changes[i], element = elements[change.index];
      if (!element) return null;
      if (change.kind === '=') element.setAttribute(change.name, change.value);
      else if (change.kind === '-') element.removeAttribute(change.name);
      else if (change.kind === ':') element.textContent = change.value;
      else return null;
    }
    next.removeAttribute('data-optimistic'); // that patch led from the state before
    asMarkupSays(next);
    return next;
  }

  // A copy of a root carries what was typed into its fields; the state the server rendered holds what its
  // markup says (a field it emptied is empty).
  function asMarkupSays(root) {
    var fields = root.querySelectorAll('textarea, input');
    for (var i = 0; i < fields.length; i++) {
      var field = fields[i];
      if (field.type === 'checkbox' || field.type === 'radio') field.checked = field.defaultChecked;
      else field.value = field.defaultValue;
    }
  }

  function parsed(markup) {
    var template = document.createElement('template');
    template.innerHTML = markup; // the server's own escaped markup, never event data
    return template.content.firstElementChild;
  }

  // Puts the submitted value of each [data-fill] element's field in as its text.
  function fill(next, body) {
    var targets = next.querySelectorAll('[data-fill]');
    for (var i = 0; i < targets.length; i++) {
      targets[i].textContent = body.get(targets[i].getAttribute('data-fill')) || '';
    }
  }

  // A form's key among its root's options: its action and its hidden fields but return_to, as the server
  // writes them.
  function formKey(form) {
    return form.getAttribute('action') + '?' + Array.prototype.filter.call(form.querySelectorAll('input[type="hidden"]'), function (input) {
      return input.name !== 'return_to';
    }).map(function (input) { return input.name + '=' + input.value; }).join('&');
  }

  // The state of option `key` of `base` (a root as the server rendered it), or null when it has none.
  function optionOf(base, key) {
    var options;
    try { options = JSON.parse(base.getAttribute('data-optimistic-options')); } catch (e) { return null; }
    if (!options || !Object.prototype.hasOwnProperty.call(options, key)) return null;
    var option = options[key];
    if (typeof option === 'string') return patched(base, option);
    if (!option || typeof option.html !== 'string') return null;
    var next = parsed(option.html);
    if (next) {
      next.setAttribute('data-self-managed', base.getAttribute('data-self-managed'));
      next.setAttribute('data-optimistic-options', base.getAttribute('data-optimistic-options'));
    }
    return next;
  }

  // What a tap on `form` in `root` shows at once, or null; `base` is the root before the first tap in flight,
  // and `first` says whether this is that tap (`root` then shows `base`).
  function optimisticFor(root, form, base, first) {
    var next = null;
    if (base.hasAttribute('data-optimistic-options')) {
      return optionOf(base, formKey(form)) || (first ? null : base.cloneNode(true));
    }
    if (root.hasAttribute('data-optimistic')) next = patched(root, root.getAttribute('data-optimistic'));
    else if (root.hasAttribute('data-optimistic-html')) {
      next = parsed(root.getAttribute('data-optimistic-html'));
      if (next) next.setAttribute('data-self-managed', root.getAttribute('data-self-managed'));
    } else if (wayBack.has(root)) next = wayBack.get(root).cloneNode(true);
    if (next && !wayBack.has(root)) wayBack.set(next, root.cloneNode(true));
    return next;
  }

  // ---- What the page keeps of an answer: <template data-kept="N">

  // The elements of `root` in the order the server wrote them: a template's content after the template.
  function writtenOrder(root) {
    var order = [];
    (function walk(element) {
      order.push(element);
      var children = element.tagName === 'TEMPLATE' ? element.content.children : element.children;
      for (var i = 0; i < children.length; i++) walk(children[i]);
    })(root);
    return order;
  }

  // Where `element` of an answer is among its parent's children in the root it stands for: each kept run
  // before it counts as the elements it stands for.
  function heldIndex(element) {
    var at = 0;
    for (var sibling = element.previousElementSibling; sibling; sibling = sibling.previousElementSibling) {
      at += sibling.matches('template[data-kept]') ? parseInt(sibling.getAttribute('data-kept'), 10) : 1;
    }
    return at;
  }

  // The element of `base` at the place of `element` (an answer's) in the root it stands for, or null.
  function heldPlace(element, answer, base) {
    if (element === answer) return base;
    var parent = heldPlace(element.parentElement, answer, base);
    return parent ? parent.children[heldIndex(element)] || null : null;
  }

  // `answer` (a root as the server wrote it) with each kept run put back from `base` (the root before the
  // tap), its data-optimistic renumbered and its data-optimistic-html given the same runs back; null when
  // `base` does not hold what a run stands for, or the root has per-form states.
  function withHeld(answer, base) {
    var runs = Array.prototype.slice.call(answer.querySelectorAll('template[data-kept]'));
    if (!runs.length) return answer;
    if (answer.hasAttribute('data-optimistic-options')) return null;
    var order = writtenOrder(answer);
    var text = answer.getAttribute('data-optimistic');
    var patch = text === null ? null : parsePatch(text);
    if (text !== null && (!patch || patch.count !== order.length)) return null;
    // What each change is made to; none may be in a kept run, which stands for elements it cannot name.
    var targets = patch ? patch.changes.map(function (change) { return order[change.index]; }) : [];
    if (targets.some(function (target) { return !target || target.tagName === 'TEMPLATE' || !answer.contains(target); })) return null;
    var html = answer.getAttribute('data-optimistic-html');
    var optimistic = html === null ? null : parsed(html);
    if (html !== null && !(optimistic && (optimistic = withHeld(optimistic, base)))) return null;
    var held = runs.map(function (run) {
      var count = parseInt(run.getAttribute('data-kept'), 10);
      var parent = heldPlace(run.parentElement, answer, base);
      var at = heldIndex(run);
      var kept = parent ? Array.prototype.slice.call(parent.children, at, at + count) : [];
      var last = run.content.firstElementChild;
      if (!(count > 0) || kept.length !== count || (last && !kept[count - 1].isEqualNode(last))) return null;
      return kept;
    });
    if (held.indexOf(null) >= 0) return null;
    runs.forEach(function (run, index) {
      var parent = run.parentNode;
      held[index].forEach(function (element) { parent.insertBefore(element.cloneNode(true), run); });
      parent.removeChild(run);
    });
    if (patch) {
      var now = elementsOf(answer);
      answer.setAttribute('data-optimistic', encodedPatch(now.length, patch.changes.map(function (change, index) {
        return { index: now.indexOf(targets[index]), kind: change.kind, name: change.name, value: change.value };
      })));
    }
    if (optimistic) answer.setAttribute('data-optimistic-html', optimistic.outerHTML);
    return answer;
  }

  // The roots for `key` as the page shows them now, fetched again: when an answer stands for elements
  // the page does not hold. Reloads the page when that does not show them.
  function refetch(key) {
    fetch(window.location.href, { credentials: 'same-origin', headers: { 'Accept': 'text/html' } })
      .then(function (response) { return response.ok ? response.text() : Promise.reject(new Error('page')); })
      .then(function (page) {
        var fresh = Array.prototype.filter.call(
          new DOMParser().parseFromString(page, 'text/html').querySelectorAll(ROOT),
          function (root) { return root.getAttribute('data-self-managed') === key; });
        var roots = rootsFor(key);
        if (fresh.length !== roots.length) throw new Error('roots');
        roots.forEach(function (root, index) { swap(root, document.importNode(fresh[index], true)); });
      })
      .catch(function () { window.location.reload(); });
  }

  // ---- Roots on the page

  function rootsFor(key) {
    return Array.prototype.filter.call(document.querySelectorAll(ROOT), function (root) {
      return root.getAttribute('data-self-managed') === key;
    });
  }

  // Replaces `root` with `next`, keeping keyboard focus on the element at the same place in it.
  function swap(root, next) {
    var active = document.activeElement;
    var at = root.contains(active) ? elementsOf(root).indexOf(active) : -1;
    root.replaceWith(next);
    if (at < 0) return;
    var target = elementsOf(next)[at];
    if (!target || typeof target.focus !== 'function') target = next.querySelector('button, [tabindex]');
    if (target) target.focus();
  }

  // A copy of `source` for `root`, which keeps its own return_to (the kit's field for a tap without script).
  function copyFor(root, source) {
    var copy = source.cloneNode(true);
    var own = root.querySelector('input[name="return_to"]');
    var theirs = copy.querySelector('input[name="return_to"]');
    if (own && theirs) theirs.setAttribute('value', own.value);
    return copy;
  }

  function announce(message) {
    if (!message) return;
    if (!announcer) ensureAnnouncer();
    announcer.textContent = '';
    // A fresh text node after a tick, so that the same message twice is announced twice.
    window.setTimeout(function () { announcer.textContent = message; }, 50);
  }

  function announcement(header) {
    try {
      var trigger = JSON.parse(header || 'null');
      return trigger && typeof trigger.announce === 'string' ? trigger.announce : null;
    } catch (e) {
      return null;
    }
  }

  function tapAlert(shown) {
    var alert = document.getElementById('tap-alert');
    if (!alert) return null;
    alert.hidden = !shown;
    if (shown) alert.setAttribute('role', 'alert');
    else alert.removeAttribute('role');
    return alert;
  }

  // ---- A tap

  function onSubmit(event, form, root) {
    if (!window.fetch || !window.AbortController) return; // let the browser submit it
    event.preventDefault();
    var key = root.getAttribute('data-self-managed');
    var body = new URLSearchParams(new FormData(form)); // asks for the state wanted after this tap
    var state = pending[key] || (pending[key] = { seq: 0, bases: null, inFlight: false, waiting: [] });
    var roots = rootsFor(key);
    var first = !state.bases;
    if (first) state.bases = roots.map(function (each) { return each.cloneNode(true); });
    var focused = roots.filter(function (each) { return each.contains(document.activeElement); })[0];
    var focusAt = focused ? { root: roots.indexOf(focused), at: elementsOf(focused).indexOf(document.activeElement) } : null;
    tapAlert(false);
    roots.forEach(function (each, index) {
      var next = optimisticFor(each, form, state.bases[index] || each, first);
      if (!next) return;
      fill(next, body);
      swap(each, next);
    });
    rootsFor(key).forEach(function (each) { each.setAttribute('aria-busy', 'true'); });
    var tap = { seq: ++state.seq, action: form.action, body: body, focusAt: focusAt, first: first };
    // One request per key in flight: this one waits in line behind it.
    if (state.inFlight) state.waiting.push(tap);
    else send(key, state, tap);
  }

  // Posts `tap`; its answer is shown when it is the latest tap, else the next tap in line goes.
  function send(key, state, tap) {
    state.inFlight = true;
    var controller = new AbortController();
    var timeout = parseInt(document.body.getAttribute('data-tap-timeout-ms'), 10) || 30000;
    var timer = window.setTimeout(function () { controller.abort(); }, timeout);
    var headers = { 'Content-Type': 'application/x-www-form-urlencoded', 'HX-Request': 'true' };
    // The first tap's answer may leave out what the roots held before it (later taps start elsewhere).
    if (tap.first) headers['X-Self-Managed-Kept'] = 'true';
    fetch(tap.action, {
      method: 'POST',
      body: tap.body,
      credentials: 'same-origin',
      signal: controller.signal,
      headers: headers
    }).then(function (response) {
      return response.text().then(function (markup) {
        return { status: response.status, markup: markup, trigger: response.headers.get('HX-Trigger') };
      });
    }).then(function (answer) {
      window.clearTimeout(timer);
      if (state.waiting.length) { // a later tap waits: it goes now; the latest one's answer is shown
        send(key, state, state.waiting.shift());
        return;
      }
      state.inFlight = false;
      if (tap.seq !== state.seq) return; // a later tap's answer carries the final state
      var next = parsed(answer.markup);
      var usable = [200, 422, 503].indexOf(answer.status) >= 0 && next &&
        next.getAttribute('data-self-managed') === key;
      if (!usable) throw new Error('unexpected answer ' + answer.status);
      var bases = state.bases || [];
      state.bases = null;
      var roots = rootsFor(key);
      var copies = roots.map(function (each, index) { return withHeld(copyFor(each, next), bases[index] || each); });
      if (copies.indexOf(null) >= 0) refetch(key);
      var swapped = copies.indexOf(null) >= 0 ? [] : roots.map(function (each, index) {
        swap(each, copies[index]);
        return copies[index];
      });
      refocus(swapped, tap.focusAt);
      var alert = next.querySelector('[role="alert"]');
      announce(announcement(answer.trigger) || (alert && alert.textContent));
    }).catch(function () {
      window.clearTimeout(timer);
      state.inFlight = false;
      state.waiting = [];
      var bases = state.bases || [];
      state.bases = null;
      rootsFor(key).forEach(function (each, index) { if (bases[index]) swap(each, bases[index]); });
      var alert = tapAlert(true);
      if (alert) announce(alert.textContent);
    });
  }

  // After an answer: focus on the answer's [autofocus] element in the root that had it (the field that
  // holds the text that was not kept), or back at the same place when the optimistic state lost it (a
  // disabled button).
  function refocus(roots, focusAt) {
    if (!focusAt || !roots[focusAt.root]) return;
    var root = roots[focusAt.root];
    var wanted = root.querySelector('[autofocus]');
    if (!wanted && root.contains(document.activeElement)) return;
    wanted = wanted || elementsOf(root)[focusAt.at] || root.querySelector('button, textarea, input, [tabindex]');
    if (wanted && typeof wanted.focus === 'function') wanted.focus();
  }

  // A page may use real htmx instead of this file: where htmx is loaded, or a form carries hx-*
  // attributes, htmx handles the tap and this file leaves the form alone (one tap, one POST).
  function htmxHandles(form) {
    if (window.htmx) return true;
    for (var i = 0; i < form.attributes.length; i++) {
      if (/^(data-)?hx-/.test(form.attributes[i].name)) return true;
    }
    return false;
  }

  document.addEventListener('submit', function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    var scenario = form.closest('[data-scenario]');
    if (scenario && window.fetch) {
      event.preventDefault();
      playScenarios([scenario]);
      return;
    }
    if (htmxHandles(form)) return;
    var root = form.closest(ROOT);
    if (root) onSubmit(event, form, root);
  });

  // htmx turns HX-Trigger {"announce": text} into an "announce" event.
  document.addEventListener('announce', function (event) {
    var detail = event.detail;
    announce(typeof detail === 'string' ? detail : detail && detail.value);
  });

  // One polite live region for the whole page, present (empty) from the start so that it is heard.
  function ensureAnnouncer() {
    announcer = document.getElementById('live-announcer');
    if (!announcer) {
      announcer = document.createElement('div');
      announcer.id = 'live-announcer';
      announcer.className = 'visually-hidden';
      announcer.setAttribute('aria-live', 'polite');
      document.body.appendChild(announcer);
    }
  }

  // ---- The event log's live rows: built with DOM APIs only (textContent), never markup from event
  // data, in the server's words (priorText, optimisticText).

  function eventRow(event) {
    var row = document.createElement('tr');
    function cell(text, className) {
      var td = document.createElement('td');
      if (className) td.className = className;
      td.textContent = text;
      row.appendChild(td);
      return td;
    }
    var time = document.createElement('time');
    time.setAttribute('datetime', String(event.time));
    time.textContent = String(event.time).slice(11, 19);
    cell('').appendChild(time);
    cell(String(event.component));
    cell(String(event.instance));
    cell(String(event.viewer));
    cell(String(event.priorText == null ? '–' : event.priorText));
    cell(String(event.optimisticText == null ? '–' : event.optimisticText));
    cell(String(event.outcome), 'outcome-' + String(event.outcome).replace(/[^a-z-]/g, ''));
    cell(event.latencyMs + ' ms');
    cell(event.location == null ? '' : String(event.location));
    return row;
  }

  function streamEvents(table) {
    var tbody = table.tBodies[0] || table.appendChild(document.createElement('tbody'));
    var lastSequence = 0;
    var source = new EventSource(table.getAttribute('data-stream'));
    // A browser holds few connections per host: give this one back when the page goes away.
    window.addEventListener('pagehide', function () { source.close(); }, { once: true });
    // Sequences only grow within one connection: a restarted server starts again from 1.
    source.onopen = function () { lastSequence = 0; };
    source.onmessage = function (message) {
      var event;
      try { event = JSON.parse(message.data); } catch (e) { return; }
      if (!event || typeof event !== 'object') return;
      if (typeof event.sequence === 'number') {
        if (event.sequence <= lastSequence) return; // already shown (replayed)
        lastSequence = event.sequence;
      }
      Array.from(tbody.rows).forEach(function (row) {
        if (row.cells.length === 1 && row.cells[0].colSpan > 1) row.remove(); // "No taps yet."
      });
      tbody.insertBefore(eventRow(event), tbody.firstChild);
      while (tbody.rows.length > 100) tbody.deleteRow(-1);
    };
  }

  // ---- The scenarios panel (ScenarioPanel.swift): plays a scenario on this server one step at a time,
  // as a fresh viewer of its own, through POST {run} with that viewer, a run token and the step. It knows
  // no component: the panel names each scenario's run and steps, and each answer says what happened.
  function hex(count) {
    var bytes = new Uint8Array(count);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ('0' + b.toString(16)).slice(-2); }).join('');
  }

  var playing = false;

  function playScenarios(items) {
    if (playing || !items.length) return;
    playing = true;
    var panel = items[0].closest('.scenarios');
    var buttons = panel.querySelectorAll('button');
    buttons.forEach(function (button) { button.disabled = true; });
    var status = panel.querySelector('[role="status"]');
    var failed = 0;
    var chain = Promise.resolve();
    items.forEach(function (item) {
      chain = chain.then(function () { return playScenario(item); }).then(function (passed) {
        if (!passed) failed += 1;
      });
    });
    chain.catch(function () { failed = items.length; }).then(function () {
      playing = false;
      buttons.forEach(function (button) { button.disabled = false; });
      var name = items[0].getAttribute('data-scenario-name');
      var said = items.length === 1
        ? '\u201c' + name + '\u201d ' + (failed ? 'failed' : 'passed')
        : (items.length - failed) + ' passed, ' + failed + ' failed';
      if (status) status.textContent = said;
      announce(said);
    });
  }

  function playScenario(item) {
    var run = item.getAttribute('data-scenario');
    var rows = item.querySelectorAll('[data-step]');
    var viewer = 'v' + hex(8);
    var token = hex(5);
    var passed = true;
    item.setAttribute('aria-busy', 'true');
    item.classList.remove('scenario--passed', 'scenario--failed');
    rows.forEach(function (row) {
      row.classList.remove('step--passed', 'step--failed');
      row.querySelector('.step-result').textContent = 'waiting';
    });
    function step(index) {
      if (index >= rows.length) return Promise.resolve();
      rows[index].querySelector('.step-result').textContent = 'running\u2026';
      var body = new URLSearchParams();
      body.set('viewer', viewer);
      body.set('run', token);
      body.set('step', String(index));
      return fetch(run, {
        method: 'POST', body: body, credentials: 'same-origin',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Accept': 'application/json' }
      }).then(function (response) {
        if (!response.ok) throw new Error('answer ' + response.status);
        return response.json();
      }).then(function (report) {
        var steps = report.steps || [];
        steps.forEach(function (result, offset) {
          var row = rows[index + offset];
          if (!row) return;
          var answered = result.response ? String(result.response.status) : 'no answer';
          row.classList.add(result.passed ? 'step--passed' : 'step--failed');
          row.querySelector('.step-result').textContent = result.passed
            ? 'passed \u00b7 ' + answered : 'failed \u00b7 ' + (result.failures || []).join('; ');
          if (!result.passed) passed = false;
          if (result.response) showAnswer(item, result.response.body);
        });
        return showEvents(item, viewer).then(function () { return step(index + Math.max(1, steps.length)); });
      });
    }
    return step(0).catch(function (error) {
      passed = false;
      var stuck = item.querySelector('[data-step]:not(.step--passed):not(.step--failed) .step-result');
      if (stuck) stuck.textContent = 'failed \u00b7 ' + error.message;
    }).then(function () {
      item.removeAttribute('aria-busy');
      item.classList.add(passed ? 'scenario--passed' : 'scenario--failed');
      return passed;
    });
  }

  // The component as a step's answer shows it: the server's markup, inert (a look, not a second live
  // instance) and without ids (the page has its own).
  function showAnswer(item, markup) {
    var root = parsed(markup || '');
    if (!root || !root.hasAttribute('data-self-managed')) return;
    elementsOf(root).forEach(function (element) {
      element.removeAttribute('id');
      element.removeAttribute('for');
      element.removeAttribute('autofocus');
    });
    var place = item.querySelector('.scenario-answer');
    place.replaceChildren(root);
    place.setAttribute('inert', '');
    place.hidden = false;
  }

  // The scenario viewer's lines of the event log, newest first, as text.
  function showEvents(item, viewer) {
    return fetch('/events?viewer=' + encodeURIComponent(viewer), { headers: { 'Accept': 'application/json' } })
      .then(function (response) { return response.ok ? response.json() : []; })
      .then(function (events) {
        var list = item.querySelector('.scenario-events');
        list.replaceChildren();
        (Array.isArray(events) ? events : []).slice(0, 8).forEach(function (event) {
          var line = document.createElement('li');
          line.textContent = [event.outcome, event.component, event.instance,
            String(event.priorText) + ' \u2192 ' + String(event.optimisticText)].join(' \u00b7 ');
          list.appendChild(line);
        });
        list.hidden = !list.children.length;
      });
  }

  document.addEventListener('click', function (event) {
    var button = event.target instanceof Element ? event.target.closest('[data-scenario-run-all]') : null;
    if (!button || !window.fetch) return;
    var panel = button.closest('.scenarios');
    playScenarios(Array.prototype.slice.call(panel.querySelectorAll('[data-scenario]')));
  });

  function start() {
    ensureAnnouncer();
    if (window.EventSource) document.querySelectorAll('table.event-log[data-stream]').forEach(streamEvents);
  }
  // Back from the back-forward cache: the streams were closed on pagehide, so open them again.
  window.addEventListener('pageshow', function (event) {
    if (event.persisted && window.EventSource) document.querySelectorAll('table.event-log[data-stream]').forEach(streamEvents);
  });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
