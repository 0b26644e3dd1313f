'use strict';
/** `npm run build`: an incremental compile to dist/ (tsc through the Nest CLI); with --if-stale, only if a source changed. */
const { build, buildIfStale } = require('./build-support');

const result = process.argv.includes('--if-stale') ? buildIfStale() : build();
process.exit(result.ok ? 0 : 1);
