// Preloaded (`node -r`) into the API and the bare reference during `npm run bench`, so the bench can check that
// both send the same statements for a request. Inert unless BENCH_SQL_RECORDER_PORT is set; then a tiny control
// server on that port answers POST /start (record from now on) and POST /stop (the statements since, as JSON).
// Recording is off while the bench measures; the only cost left in the measured path is one null check per query.
'use strict';
const port = Number(process.env.BENCH_SQL_RECORDER_PORT);
if (port) {
  const http = require('node:http');
  const pg = require(require.resolve('pg', { paths: [process.cwd()] }));
  let recording = null;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, values) {
    if (recording) {
      const text = typeof config === 'string' ? config : config && config.text;
      const params = Array.isArray(values) ? values : config && config.values;
      if (text) recording.push({ text, values: params ?? [] });
    }
    return query.apply(this, arguments);
  };
  const control = http.createServer((request, response) => {
    if (request.url === '/start') {
      recording = [];
      response.end('[]');
    } else {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(recording ?? []));
      recording = null;
    }
  });
  control.listen(port, '127.0.0.1');
  control.unref();
}
