// Injected at the top of a report page by tests/report_in_browser.rs: records errors and
// console errors/warnings, and after the load checks that no text overflows its box (page,
// tables, paragraphs, chart texts inside their chart) and that every chart draws data (a bar,
// line or marker in a series colour above the legend). With window.__swisslabPrint set, the
// page is first laid out with its print rules. The findings go into <pre id="swisslab-check">,
// one per line ("OK" when none), which the test reads from Chromium's --dump-dom.
(function () {
  var problems = [];
  window.addEventListener('error', function (e) {
    var t = e.target && e.target !== window ? (e.target.outerHTML || '').slice(0, 80) : '';
    problems.push('console\t' + (e.message || 'resource failed to load: ' + t));
  }, true);
  ['error', 'warn'].forEach(function (level) {
    var orig = console[level];
    console[level] = function () {
      problems.push('console\t' + level + ': ' + Array.prototype.join.call(arguments, ' '));
      return orig.apply(console, arguments);
    };
  });
  function label(el) {
    var id = el.closest('[id]');
    var t = (el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 60);
    return el.tagName.toLowerCase() + (id ? ' in #' + id.id : '') + ' "' + t + '"';
  }
  function check() {
    if (window.__swisslabPrint) {
      // Lay the page out with its print rules, as printing would.
      var rules = [];
      for (var s of document.styleSheets) {
        for (var r of s.cssRules) {
          if (r.media && r.media.mediaText.indexOf('print') >= 0) {
            for (var x of r.cssRules) rules.push(x.cssText);
          }
        }
      }
      var st = document.createElement('style');
      st.textContent = rules.join('\n');
      document.head.appendChild(st);
    }
    var page = document.documentElement.getBoundingClientRect();
    var view = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > view + 1) {
      problems.push('overflow\tpage is ' + document.documentElement.scrollWidth + ' px wide in a ' + view + ' px window');
    }
    var main = document.querySelector('main').getBoundingClientRect();
    var boxes = document.querySelectorAll('main h1, main h2, main p, main li, main td, main th, main figcaption, main figure, main table, main section, main nav');
    for (var el of boxes) {
      var r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).display !== 'inline') {
        problems.push('overflow\t' + label(el) + ': content ' + el.scrollWidth + ' px in a box of ' + el.clientWidth + ' px');
      } else if (r.right > main.right + 1 || r.left < main.left - 1) {
        problems.push('overflow\t' + label(el) + ': reaches ' + Math.round(r.left) + '-' + Math.round(r.right) + ' px, the page ' + Math.round(main.left) + '-' + Math.round(main.right));
      }
    }
    var palette = ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#CC79A7', '#56B4E9'];
    for (var fig of document.querySelectorAll('figure')) {
      var svg = fig.querySelector('svg');
      if (!svg) { problems.push('empty\t#' + fig.id + ' has no chart'); continue; }
      var box = svg.getBoundingClientRect();
      for (var t of svg.querySelectorAll('text')) {
        var b = t.getBoundingClientRect();
        if (b.width === 0) continue;
        if (b.left < box.left - 1 || b.right > box.right + 1 || b.top < box.top - 1 || b.bottom > box.bottom + 1) {
          problems.push('overflow\t#' + fig.id + ': chart text "' + t.textContent + '" outside the chart');
        }
      }
      var marks = 0;
      for (var m of svg.querySelectorAll('rect, circle, polyline, path')) {
        var fill = (m.getAttribute('fill') || '').toUpperCase();
        var stroke = (m.getAttribute('stroke') || '').toUpperCase();
        if (palette.indexOf(fill) < 0 && palette.indexOf(stroke) < 0) continue;
        var mb = m.getBoundingClientRect();
        // The legend's swatches are not data: they sit below the plot.
        if (mb.top > box.top + box.height * 400 / (svg.viewBox.baseVal.height || box.height)) continue;
        if (mb.width > 0 || mb.height > 0) marks++;
      }
      if (marks === 0) problems.push('empty\t#' + fig.id + ': no data drawn');
    }
    var out = document.createElement('pre');
    out.id = 'swisslab-check';
    out.textContent = problems.length ? problems.join('\n') : 'OK';
    document.body.appendChild(out);
  }
  if (document.readyState === 'complete') check(); else window.addEventListener('load', check);
})();
