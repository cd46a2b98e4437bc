"""``/docs``, the service's interactive API page, offline: Swagger UI's script, style and
icon are served under ``/docs/assets`` from the ``swagger-ui-bundle-v2`` package (Swagger
UI 5, which reads OpenAPI 3.1), so the page loads nothing from another host (FastAPI's
own ``/docs`` takes them from a CDN)."""
from __future__ import annotations

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.staticfiles import StaticFiles

ASSETS = "/docs/assets"


def add_docs(app: FastAPI) -> None:
    """Serve ``/docs`` on ``app`` (made with ``docs_url=None, redoc_url=None``)."""
    from swagger_ui_bundle import swagger_ui_path  # lazy: looked up when /docs is mounted

    @app.get("/docs", include_in_schema=False)
    def docs():
        assert app.openapi_url is not None      # the app serves its OpenAPI schema
        return get_swagger_ui_html(openapi_url=app.openapi_url, title=f"{app.title} API",
                                   swagger_js_url=f"{ASSETS}/swagger-ui-bundle.js",
                                   swagger_css_url=f"{ASSETS}/swagger-ui.css",
                                   swagger_favicon_url=f"{ASSETS}/favicon-32x32.png")

    app.mount(ASSETS, StaticFiles(directory=swagger_ui_path), name="docs-assets")
