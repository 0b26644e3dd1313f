'use strict';
/** `npm start`: builds if needed, then starts the API (embedded PostgreSQL when DATABASE_URL is not set). */
const path = require('node:path');
const { DIST, ensureBuilt } = require('./build-support');

ensureBuilt();
require(path.join(DIST, 'src', 'start.js')).startLocal();
