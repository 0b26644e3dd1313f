'use strict';
/** `npm run build`: an incremental compile to dist/ (tsc through the Nest CLI). */
const { build } = require('./build-support');

process.exit(build().ok ? 0 : 1);
