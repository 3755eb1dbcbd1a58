"""The site as an installable web app that works with no signal (tournament halls often have none).

- /manifest.webmanifest: name, colours and icons, so a phone can install the site;
- /service-worker.js: keeps every page and JSON answer the judge opens, and from the start the
  home page, the search and checker pages and the offline page with the styles, scripts and
  fonts (static/service-worker.js); its cache is named after the build, so a new build's pages
  replace the old ones;
- /offline/rulebook.json: the whole current rulebook (queries/offline.py: every current rule, FAQ
  entry, glossary entry and card), which the worker keeps from the first visit (about 0.35 MB
  gzipped for the bundled documents) and renders any of their addresses from when offline;
- /offline: what an address that is neither kept nor in the rulebook answers offline, with a box
  that finds any entry of the kept rulebook by number, name or words, and the pages this device
  has kept, by their titles.

The worker's cache is named after the build: the first visit after a rebuild (or a new release)
downloads the new rulebook and drops the old one.
"""

import json

from datasette.utils.asgi import Response

from rulebook.queries.offline import offline_rulebook
from rulebook.resources import package_file
from rulebook.web.app import EVERY_PAGE_CSS, STATIC_MOUNT, run_query
from rulebook.web.state import server_state
from rulebook.web.symbol_font import SUBSET_FONT

SHELL_PAGES = ("", "search", "check", "offline", "offline/rulebook.json")
SHELL_FILES = (*EVERY_PAGE_CSS, "site.css", "rulebook.css", "check.css", "site.js", "check.js", "icon.svg")
FONTS = (SUBSET_FONT,)


def _root(datasette) -> str:
    return datasette.urls.path("/")


async def manifest(datasette):
    root = _root(datasette)
    icons = [
        {"src": f"{root}{STATIC_MOUNT}/icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png"}
        for size in (192, 512)
    ]
    icons.append({"src": f"{root}{STATIC_MOUNT}/icon.svg", "sizes": "any", "type": "image/svg+xml"})
    body = {
        "name": "rulebook: Treachery and Magic rules for judges",
        "short_name": "rulebook",
        "description": "Every Treachery and official Magic rule, card note and ruling, findable in seconds, offline too.",
        "start_url": root,
        "scope": root,
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#1d3f73",
        "icons": icons,
    }
    return Response(json.dumps(body, indent=2), content_type="application/manifest+json")


async def service_worker(datasette):
    root = _root(datasette)
    app_css = f"{datasette.urls.static('app.css')}?{datasette.app_css_hash()}"  # Datasette's own styles
    shells = (
        [app_css]
        + [f"{root}{page}" for page in SHELL_PAGES]
        + [f"{root}{STATIC_MOUNT}/{name}" for name in (*SHELL_FILES, *FONTS)]
    )
    script = package_file("rulebook.plugins", "static/service-worker.js").read_text(encoding="utf-8")
    script = (
        script.replace("__CACHE__", f"rulebook-{(await server_state(datasette)).build[:16]}")
        .replace("__ROOT__", root)
        .replace("__SHELLS__", json.dumps(shells))
        .replace("__APP_CSS__", app_css)
    )
    return Response(
        script,
        content_type="text/javascript; charset=utf-8",
        headers={"cache-control": "no-cache", "service-worker-allowed": root},
    )


async def offline_page(datasette, request):
    html = await datasette.render_template("rulebook_offline.html", {}, request=request)
    return Response.html(html)


async def rulebook_json(datasette):
    """The current rulebook for reading offline (queries/offline.py), paths under the site's root."""
    found = await run_query(datasette, offline_rulebook)
    root = _root(datasette)
    if root != "/":
        found["entries"] = [{**entry, "path": root + entry["path"].lstrip("/")} for entry in found["entries"]]
        found["aliases"] = {root + path.lstrip("/"): index for path, index in found["aliases"].items()}
    return Response.json(found)
