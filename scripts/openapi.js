'use strict';
/** `npm run openapi`: builds if needed, then writes the OpenAPI document the API serves to ./openapi.json. */
const path = require('node:path');
const { DIST, ROOT, ensureBuilt } = require('./build-support');

ensureBuilt({ output: 'stderr' });
const target = path.join(ROOT, 'openapi.json');
require(path.join(DIST, 'src', 'openapi', 'write-api-description.js'))
  .writeApiDescription(target)
  .then(() => process.stdout.write(`wrote ${path.relative(process.cwd(), target) || target}\n`))
  .catch((error) => {
    process.stderr.write(`npm run openapi failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
