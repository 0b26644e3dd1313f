'use strict';
/** `npm run --silent admin -- <command> ...`: builds if needed (compiler output on stderr), then runs the CLI. */
const path = require('node:path');
const { DIST, ensureBuilt } = require('./build-support');

ensureBuilt({ output: 'stderr' });
require(path.join(DIST, 'src', 'admin.js')).runAdminCli(process.argv.slice(2));
