// app.js: progressive enhancement for the self-managed components. Everything works without it:
// every tap is a form POST that the server answers with 303 See Other.
//
// Swap rule (the same one htmx would follow, so hx-* attributes could replace this file; where htmx is
// on the page, this file leaves the forms to it):
// - A toggle's form (form.like-form, form.follow-form) targets its `closest('.like')` or
//   `closest('.follow')` root and swaps it `outerHTML` with the response body.
// - Requests carry `HX-Request: true`; the server then answers with a fragment instead of a 303.
// - 200 carries the committed fragment; 503 carries the restored fragment with a
//   `<p class="like-error" role="alert">` (or follow-error) in it, and must be swapped too (htmx:
//   responseHandling).
// - An `HX-Redirect` header means navigate there (the avatar's tap, if script ever intercepts it).
// No inline script, no eval, no style attributes: a strict CSP `script-src 'self'` applies.
'use strict';
(function () {
  var announcer = null;

  // The toggles, each as its server renders it (LikeButton.swift, FollowButton.swift). The failure
  // texts are the servers' own (LikeButton.failureMessage, FollowButton.failureMessage).
  var TOGGLES = {
    like: {
      target: 'post', state: 'liked', countAttribute: 'data-count',
      failure: "Your like couldn't be saved, so it was undone. Please try again.",
      announce: function (on) { return on ? 'Liked' : 'Unliked'; },
      show: function (root, on, count) {
        var text = root.querySelector('.like-count');
        if (text) text.textContent = formatCount(count);
      }
    },
    follow: {
      target: 'uid', state: 'following', countAttribute: 'data-followers',
      failure: "Your follow couldn't be saved, so it was undone. Please try again.",
      announce: function (on) { return on ? 'Following' : 'Not following'; },
      show: function (root, on, count) {
        var label = root.querySelector('.follow-label');
        if (label) label.textContent = on ? 'Following' : 'Follow';
        var text = root.querySelector('.follow-count');
        if (text) text.textContent = formatCount(count) + (count === 1 ? ' follower' : ' followers');
      }
    }
  };
  var pending = {}; // "kind target" -> { seq: latest tap number, base: root before the first pending tap }

  // The same text as CompactCount.grouped on the server: 1234567 -> "1,234,567".
  function grouped(value) {
    return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  }

  // The same text as CompactCount.formatted: exact below 10,000, then one truncated decimal and K/M/B.
  function formatCount(count) {
    count = Math.max(0, Math.floor(count));
    if (count < 10000) return grouped(count);
    var divisor = count < 1e6 ? 1e3 : count < 1e9 ? 1e6 : 1e9;
    var suffix = count < 1e6 ? 'K' : count < 1e9 ? 'M' : 'B';
    var tenths = Math.floor(count / (divisor / 10));
    var whole = Math.floor(tenths / 10);
    var fraction = tenths % 10;
    return fraction === 0 ? whole + suffix : whole + '.' + fraction + suffix;
  }

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

  function announce(message) {
    if (!announcer) ensureAnnouncer();
    announcer.textContent = '';
    // A fresh text node after a tick, so that the same message twice is announced twice.
    window.setTimeout(function () { announcer.textContent = message; }, 50);
  }

  // Replaces `root` with `next`, keeping keyboard focus on the button if it had it.
  function swap(kind, root, next) {
    var hadFocus = root.contains(document.activeElement);
    root.replaceWith(next);
    var button = next.querySelector('.' + kind + '-button');
    if (hadFocus && button) button.focus();
  }

  function showError(kind, root, message) {
    var error = root.querySelector('.' + kind + '-error');
    if (!error) {
      error = document.createElement('p');
      error.className = kind + '-error';
      error.setAttribute('role', 'alert');
      root.appendChild(error);
    }
    error.textContent = message;
  }

  // Shows `on` and `count` in a root, as the server would render them.
  function showState(kind, root, on, count) {
    var toggle = TOGGLES[kind];
    root.setAttribute('data-' + toggle.state, String(on));
    root.setAttribute(toggle.countAttribute, String(count));
    var button = root.querySelector('.' + kind + '-button');
    if (button) button.setAttribute('aria-pressed', String(on));
    var input = root.querySelector('input[name="' + toggle.state + '"]');
    if (input) input.value = String(!on); // the next tap asks for the opposite
    toggle.show(root, on, count);
  }

  // The other roots showing the same target (the same author beside several posts) follow along.
  function showElsewhere(kind, root, target, from) {
    var toggle = TOGGLES[kind];
    var on = from.getAttribute('data-' + toggle.state) === 'true';
    var count = parseInt(from.getAttribute(toggle.countAttribute), 10) || 0;
    document.querySelectorAll('.' + kind).forEach(function (other) {
      var input = other.querySelector('input[name="' + toggle.target + '"]');
      if (other !== root && input && input.value === target) showState(kind, other, on, count);
    });
  }

  function onToggleSubmit(event, form, kind) {
    var toggle = TOGGLES[kind];
    var root = form.closest('.' + kind);
    var input = form.querySelector('input[name="' + toggle.state + '"]');
    var targetInput = form.querySelector('input[name="' + toggle.target + '"]');
    if (!root || !input || !targetInput || !window.fetch) return; // let the browser submit it
    event.preventDefault();
    var target = targetInput.value;
    var key = kind + ' ' + target;
    var state = pending[key] || (pending[key] = { seq: 0, base: null, root: null });
    if (!state.base) state.base = root.cloneNode(true);
    state.root = root;
    var seq = ++state.seq;
    var body = new URLSearchParams(new FormData(form)); // asks for the state wanted after this tap

    // The optimistic state, at once.
    var on = input.value === 'true';
    var count = parseInt(root.getAttribute(toggle.countAttribute), 10) || 0;
    showState(kind, root, on, Math.max(0, count + (on ? 1 : -1)));
    root.setAttribute('aria-busy', 'true');
    var oldError = root.querySelector('.' + kind + '-error');
    if (oldError) oldError.remove();
    root.classList.remove(kind + '--animated');
    void root.offsetWidth; // restart the pop animation
    root.classList.add(kind + '--animated');

    fetch(form.action, {
      method: 'POST',
      body: body,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'HX-Request': 'true' }
    }).then(function (response) {
      return response.text().then(function (text) { return { status: response.status, text: text }; });
    }).then(function (result) {
      if (seq !== state.seq) return; // a later tap's response carries the final state
      var template = document.createElement('template');
      template.innerHTML = result.text; // the server's own escaped fragment, never event data
      var next = template.content.firstElementChild;
      var usable = (result.status === 200 || result.status === 503) && next && next.classList.contains(kind) &&
        (next.id || '') === (root.id || '');
      if (!usable) throw new Error('unexpected response ' + result.status);
      state.base = null;
      if (state.root.isConnected) swap(kind, state.root, next);
      showElsewhere(kind, next, target, next);
      var error = next.querySelector('.' + kind + '-error');
      announce(error ? error.textContent : toggle.announce(next.getAttribute('data-' + toggle.state) === 'true'));
    }).catch(function () {
      if (seq !== state.seq) return;
      var restored = state.base;
      state.base = null;
      if (!state.root.isConnected || !restored) return;
      restored.classList.remove(kind + '--animated');
      showError(kind, restored, toggle.failure);
      swap(kind, state.root, restored);
      announce(toggle.failure);
    });
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
    if (!(form instanceof HTMLFormElement) || htmxHandles(form)) return;
    if (form.classList.contains('like-form')) onToggleSubmit(event, form, 'like');
    else if (form.classList.contains('follow-form')) onToggleSubmit(event, form, 'follow');
  });

  // Event log live updates: rows built with DOM APIs only (textContent), never markup from event data.
  // "liked, 1,234" or "not following, 7", as EventsPage.describe writes it.
  function describe(state) {
    if (!state || typeof state !== 'object') return '–';
    var name = Object.keys(state).filter(function (key) { return key !== 'count'; })[0];
    if (!name) return '–';
    return (state[name] ? '' : 'not ') + name + ', ' + grouped(state.count);
  }

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
    cell(describe(event.prior));
    cell(describe(event.optimistic));
    cell(String(event.outcome), 'outcome-' + String(event.outcome).replace(/[^a-z-]/g, ''));
    cell(event.latencyMs + ' ms');
    cell(event.location == null ? '' : String(event.location));
    return row;
  }

  function followEvents(table) {
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

  function start() {
    ensureAnnouncer();
    if (window.EventSource) document.querySelectorAll('table.event-log[data-stream]').forEach(followEvents);
  }
  // Back from the back-forward cache: the streams were closed on pagehide, so follow them again.
  window.addEventListener('pageshow', function (event) {
    if (event.persisted && window.EventSource) document.querySelectorAll('table.event-log[data-stream]').forEach(followEvents);
  });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
