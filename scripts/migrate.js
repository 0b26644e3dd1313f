'use strict';
/** `npm run migration:run`: builds if needed, then applies pending migrations to DATABASE_URL. */
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { DIST, ensureBuilt } = require('./build-support');

ensureBuilt({ output: 'stderr' });
const result = spawnSync(process.execPath, [path.join(DIST, 'src', 'database', 'migrate.js')], { stdio: 'inherit' });
process.exit(result.status ?? 1);
