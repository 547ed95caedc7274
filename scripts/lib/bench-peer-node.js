// The Node peer for scripts/bench: Node's built-in http module with cluster (one worker per core),
// answering every request at every path with the same body and headers as our server. It does no
// routing and no rendering, so it is an upper bound for a Node server of this site.
//   node bench-peer-node.js BODY_FILE CONTENT_TYPE [HEADERS_FILE]
// Picks a free loopback port and prints `listening on PORT` once every worker listens.
'use strict';
const cluster = require('node:cluster');
const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const os = require('node:os');

const [bodyFile, contentType, headersFile] = process.argv.slice(2);

if (cluster.isPrimary) {
  const probe = net.createServer();
  probe.listen(0, '127.0.0.1', () => {
    const port = probe.address().port;
    probe.close(() => {
      const workers = os.availableParallelism ? os.availableParallelism() : os.cpus().length;
      let listening = 0;
      for (let i = 0; i < workers; i++) cluster.fork({ PEER_PORT: String(port) });
      cluster.on('listening', () => {
        listening += 1;
        if (listening === workers) console.log(`listening on ${port}`);
      });
    });
  });
  process.on('SIGTERM', () => {
    for (const id in cluster.workers) cluster.workers[id].kill('SIGTERM');
    process.exit(0);
  });
} else {
  const body = fs.readFileSync(bodyFile);
  const headers = { 'Content-Type': contentType, 'Content-Length': String(body.length) };
  if (headersFile) {
    for (const line of fs.readFileSync(headersFile, 'utf8').split('\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) {
        const name = line.slice(0, colon).trim();
        const value = line.slice(colon + 1).trim();
        // A repeated name is sent as many times as it was given (an array).
        headers[name] = headers[name] === undefined ? value : [].concat(headers[name], value);
      }
    }
  }
  http.createServer((request, response) => {
    response.writeHead(200, headers);
    response.end(body);
  }).listen(Number(process.env.PEER_PORT), '127.0.0.1');
}
