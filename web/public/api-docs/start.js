// Shows /api/openapi.json with Swagger UI (loaded by /api/docs only); the filter box finds a group by its name.
window.SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#docs',
  deepLinking: true,
  filter: true,
  defaultModelsExpandDepth: 0,
});
