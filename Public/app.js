// app.js: progressive enhancement for the self-managed components. Everything works without it:
// every tap is a form POST that the server answers with 303 See Other.
//
// Swap rule (the same one htmx would follow, so hx-* attributes could replace this file; where htmx is
// on the page, this file leaves the forms to it):
// - A like form (form.like-form) targets its `closest('.like')` root (id "like-{post}") and swaps it
//   `outerHTML` with the response body.
// - Requests carry `HX-Request: true`; the server then answers with a fragment instead of a 303.
// - 200 carries the committed fragment; 503 carries the restored fragment with a
//   `<p class="like-error" role="alert">` in it, and must be swapped too (htmx: responseHandling).
// - An `HX-Redirect` header means navigate there (the avatar's tap, if script ever intercepts it).
// No inline script, no eval, no style attributes: a strict CSP `script-src 'self'` applies.
'use strict';
(function () {
  var likeTaps = {}; // post id -> { seq: latest tap number, base: root before the first pending tap }
  var announcer = null;
  // The same text as the server's fragment after a failed like (LikeButton.failureMessage).
  var SEND_ERROR = "Your like couldn't be saved, so it was undone. Please try again.";

  // The same text as LikeCount.grouped on the server: 1234567 -> "1,234,567".
  function grouped(value) {
    return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  }

  // The same text as LikeCount.formatted: exact below 10,000, then one truncated decimal and K/M/B.
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

  // Replaces the like root with `next`, keeping keyboard focus on the button if it had it.
  function swap(root, next) {
    var hadFocus = root.contains(document.activeElement);
    root.replaceWith(next);
    var button = next.querySelector('.like-button');
    if (hadFocus && button) button.focus();
  }

  function showError(root, message) {
    var error = root.querySelector('.like-error');
    if (!error) {
      error = document.createElement('p');
      error.className = 'like-error';
      error.setAttribute('role', 'alert');
      root.appendChild(error);
    }
    error.textContent = message;
  }

  function onLikeSubmit(event, form) {
    var root = form.closest('.like');
    var input = form.querySelector('input[name="liked"]');
    var post = form.querySelector('input[name="post"]');
    if (!root || !input || !post || !root.id || !window.fetch) return; // let the browser submit it
    event.preventDefault();
    var key = post.value;
    var state = likeTaps[key] || (likeTaps[key] = { seq: 0, base: null });
    if (!state.base) state.base = root.cloneNode(true);
    var seq = ++state.seq;
    var body = new URLSearchParams(new FormData(form)); // asks for the state wanted after this tap

    // The optimistic state, at once.
    var liked = input.value === 'true';
    var count = parseInt(root.getAttribute('data-count'), 10) || 0;
    count = Math.max(0, count + (liked ? 1 : -1));
    root.setAttribute('data-liked', String(liked));
    root.setAttribute('data-count', String(count));
    root.setAttribute('aria-busy', 'true');
    var button = form.querySelector('.like-button');
    if (button) button.setAttribute('aria-pressed', String(liked));
    var countText = root.querySelector('.like-count');
    if (countText) countText.textContent = formatCount(count);
    input.value = String(!liked); // a second tap asks for the opposite
    var oldError = root.querySelector('.like-error');
    if (oldError) oldError.remove();
    root.classList.remove('like--animated');
    void root.offsetWidth; // restart the pop animation
    root.classList.add('like--animated');

    fetch(form.action, {
      method: 'POST',
      body: body,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'HX-Request': 'true' }
    }).then(function (response) {
      return response.text().then(function (text) { return { status: response.status, text: text }; });
    }).then(function (result) {
      if (seq !== state.seq) return; // a later tap's response carries the final state
      var current = document.getElementById(root.id);
      var template = document.createElement('template');
      template.innerHTML = result.text; // the server's own escaped fragment, never event data
      var next = template.content.firstElementChild;
      var usable = (result.status === 200 || result.status === 503) && next && next.id === root.id;
      if (!usable) throw new Error('unexpected response ' + result.status);
      state.base = null;
      if (current) swap(current, next);
      var error = next.querySelector('.like-error');
      announce(error ? error.textContent : next.getAttribute('data-liked') === 'true' ? 'Liked' : 'Unliked');
    }).catch(function () {
      if (seq !== state.seq) return;
      var current = document.getElementById(root.id);
      var restored = state.base;
      state.base = null;
      if (!current || !restored) return;
      restored.classList.remove('like--animated');
      showError(restored, SEND_ERROR);
      swap(current, restored);
      announce(SEND_ERROR);
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
    if (form instanceof HTMLFormElement && form.classList.contains('like-form') && !htmxHandles(form)) {
      onLikeSubmit(event, form);
    }
  });

  // Event log live updates: rows built with DOM APIs only (textContent), never markup from event data.
  function describe(state) {
    if (!state) return '–';
    return (state.liked ? 'liked, ' : 'not liked, ') + grouped(state.count);
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
