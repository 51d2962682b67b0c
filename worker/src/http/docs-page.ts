/**
 * `/api/docs`: the OpenAPI document as a browsable reference (Swagger UI). Its script and style are
 * the web build's `/api-docs/` files, so the page keeps to the app's Content-Security-Policy.
 */
export const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Wheelhouse API</title>
    <link rel="stylesheet" href="/api-docs/swagger-ui.css" />
  </head>
  <body>
    <div id="docs"></div>
    <script src="/api-docs/swagger-ui-bundle.js"></script>
    <script src="/api-docs/start.js"></script>
  </body>
</html>
`;
