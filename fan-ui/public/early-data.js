// The first page's API reads, started while the app's code is still on its way (a second or more
// on a phone): index.html loads this small file before the app, and the app's API client
// (src/api/client.ts, takeEarly) uses these answers instead of asking again. Without it the reads
// began only once the app's ~190 kB of JavaScript had arrived and run.
//
// Each route asks for what src/routing/preload.ts preloads for it (earlyData.test.ts checks that
// the two agree). A plain script, not a module: the app's modules arrive as one bundle, later.
(function () {
  'use strict';
  var path = location.pathname.replace(/\/+$/, '') || '/';
  var search = new URLSearchParams(location.search);
  var id = function (value) {
    return /^[1-9]\d{0,15}$/.test(value || '') ? value : null;
  };
  var urls = ['/api/me'];
  var match;
  if (path === '/' || path === '/mmobile') {
    urls.push('/api/fixtures');
  } else if ((match = /^\/selectedfixture\/([^/]+)$/.exec(path)) && id(match[1])) {
    urls.push('/api/fixtures/' + match[1], '/api/fixtures/' + match[1] + '/waiting-room');
  } else if ((match = /^\/selectedfixturetickets\/([^/]+)$/.exec(path)) && id(match[1])) {
    var block = id(search.get('block'));
    if (block !== null) {
      urls.push('/api/fixtures/' + match[1] + '/blocks/' + block);
    }
    urls.push('/api/fixtures/' + match[1], '/api/fixtures/' + match[1] + '/waiting-room');
  } else if (path === '/fixtures/season') {
    urls.push('/api/season-tickets');
  } else if ((match = /^\/selectedseasonticket\/([^/]+)$/.exec(path)) && id(match[1])) {
    var seasonBlock = id(search.get('block'));
    if (seasonBlock !== null) {
      urls.push('/api/season-tickets/' + match[1] + '/blocks/' + seasonBlock);
    }
    urls.push('/api/season-tickets/' + match[1], '/api/season-tickets/' + match[1] + '/waiting-room');
  } else if ((match = /^\/queue\/(fixture|season)\/([^/]+)$/.exec(path)) && id(match[2])) {
    urls.push((match[1] === 'fixture' ? '/api/fixtures/' : '/api/season-tickets/') + match[2] + '/waiting-room');
  } else if ((match = /^\/(?:checkout(?:\/thankyou|\/declined)?|vrocheck)\/([0-9a-fA-F-]{1,64})$/.exec(path))) {
    urls.push('/api/orders/' + match[1]);
  }
  var early = {};
  urls.forEach(function (url) {
    var response = fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    // A failure is the app's to report, when it takes the answer.
    response.catch(function () {});
    early[url] = response;
  });
  window.__larioEarlyData = early;
})();
