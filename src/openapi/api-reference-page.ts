import { dirname, join } from 'node:path';

/** Swagger UI's static files, resolved from @nestjs/swagger, which depends on the exact version it works with. */
const SWAGGER_UI_DIR = dirname(
  require.resolve('swagger-ui-dist/package.json', { paths: [dirname(require.resolve('@nestjs/swagger'))] }),
);

/** The only files of Swagger UI the reference page loads: nothing else in that directory is served. */
export const REFERENCE_ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

export function referenceAssetFile(name: string): string | undefined {
  return Object.hasOwn(REFERENCE_ASSETS, name) ? join(SWAGGER_UI_DIR, name) : undefined;
}

/**
 * The browsable reference at /api/v1/docs: Swagger UI reading /api/v1/openapi.json. Links are relative so
 * the page works behind a proxy that mounts the service under another path; `toApiRoot` is `./` for
 * `/api/v1/docs` and `../` for `/api/v1/docs/`.
 */
export function referencePage(toApiRoot: './' | '../'): string {
  const assets = `${toApiRoot}docs/assets`;
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Attestation Service API reference</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="stylesheet" href="${assets}/swagger-ui.css">
  <link rel="icon" type="image/png" href="${assets}/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="${assets}/swagger-ui-bundle.js"></script>
  <script>
    window.ui = SwaggerUIBundle({
      url: '${toApiRoot}openapi.json',
      dom_id: '#swagger-ui',
      deepLinking: true,
      defaultModelsExpandDepth: 1,
      displayRequestDuration: true,
    });
  </script>
</body>
</html>
`;
}
