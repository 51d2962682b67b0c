// Shows /api/openapi.json with Swagger UI (loaded by /api/docs only).
window.SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#docs',
  deepLinking: true,
  defaultModelsExpandDepth: 0,
});
