"""The API reference, as the /api page and docs/api.md show it: endpoint by endpoint, and every
field of a declared answer with its type, default and meaning, all read from the OpenAPI document
(rulebook/web/openapi.py), whose schemas are generated from the declarations."""

from __future__ import annotations

import json
from collections.abc import Iterator

from rulebook.web.openapi import ENDPOINTS, SCHEMAS, openapi_document, request_url


def field_rows(schema: dict, prefix: str = "", nested_unions: bool = True) -> Iterator[dict]:
    """Every field a declared schema documents, depth first, each a row of its table: ``name``
    (a list's items are written ``[]``: cited_by[].kind), ``type``, ``required``, ``default`` and
    ``description``. A union's members (a rule or a section; an event of each type) come one after
    another, each after a row naming it (its ``member`` is the field telling them apart); below the
    top, only with ``nested_unions``."""
    schema = _followed(schema)
    if "oneOf" in schema:
        tag = schema.get("discriminator", {}).get("propertyName", "type")
        for member in map(_followed, schema["oneOf"]):
            value = member["properties"][tag]["const"]
            yield {
                "name": f"{prefix} ({value})" if prefix else f"{tag}: {value}",
                "type": f'"{tag}": "{value}"',
                "required": True,
                "default": "",
                "description": member.get("description", ""),
                "member": f"{prefix}.{tag}" if prefix else tag,  # the field that tells the members apart
            }
            yield from _property_rows(member, prefix, nested_unions, skip=tag)
    else:
        yield from _property_rows(schema, prefix, nested_unions)


def _property_rows(schema: dict, prefix: str, nested_unions: bool, skip: str | None = None) -> Iterator[dict]:
    required = set(schema.get("required", []))
    for key, child in schema.get("properties", {}).items():
        if key == skip:
            continue
        path = f"{prefix}.{key}" if prefix else key
        target = _followed(child)
        options = [_followed(option) for option in target.get("anyOf", []) if option.get("type") != "null"]
        if len(options) == 1:  # X or null: its fields are X's
            target = options[0]
        default = child.get("default", target.get("default"))
        yield {
            "name": path,
            "type": type_label(child),
            "required": key in required,
            "default": "required" if key in required else json.dumps(default, ensure_ascii=False),
            "description": child.get("description") or target.get("description", ""),
            "member": None,
        }
        if "items" in target:
            items = _followed(target["items"])
            if nested_unions or "oneOf" not in items:
                yield from field_rows(items, path + "[]", nested_unions)
        elif "properties" in target or ("oneOf" in target and nested_unions):
            yield from field_rows(target, path, nested_unions)


def _followed(schema: dict) -> dict:
    while "$ref" in schema:
        schema = SCHEMAS[schema["$ref"].rsplit("/", 1)[1]]
    return schema


LIMITS = (("minimum", "from"), ("maximum", "to"), ("minItems", "at least"), ("maxItems", "at most"))


def type_label(schema: dict) -> str:
    """A field's or parameter's type as a reader says it: "list", "string or null", "object",
    the words it may be ("rule" or "section"), with its limits (from 1, to 64)."""
    options = [_followed(option) for option in schema.get("anyOf", [schema])]
    labels = []
    for option in options:
        if "const" in option:
            labels.append(json.dumps(option["const"]))
        elif "enum" in option:
            labels.append(" or ".join(json.dumps(value) for value in option["enum"]))
        elif option.get("maxLength") == 0:
            labels.append("empty")
        elif option.get("type") == "array":
            labels.append("list")
        elif option.get("type") == "object" or "oneOf" in option or "properties" in option:
            labels.append("object")
        else:
            labels.append(str(option.get("type", "any")))
    limits = [f"{word} {option[key]}" for option in options for key, word in LIMITS if key in option]
    limits += [f"up to {option['maxLength']}" for option in options if option.get("maxLength")]
    return " or ".join(dict.fromkeys(labels)) + (f" ({', '.join(limits)})" if limits else "")


def api_page_data() -> list[dict]:
    """What the /api page shows, endpoint by endpoint, all read from the OpenAPI document."""
    document = openapi_document()
    endpoints = []
    for endpoint in ENDPOINTS:
        operation = document["paths"][endpoint.path][endpoint.method]
        endpoints.append(
            {
                "method": endpoint.method.upper(),
                "path": endpoint.path,
                "anchor": operation["operationId"],
                "summary": operation["summary"],
                "description": operation["description"],
                "parameters": [
                    {**parameter, "type": _parameter_type(parameter)} for parameter in operation.get("parameters", [])
                ],
                "body": _followed(endpoint.body).get("description") if endpoint.body else None,
                "requests": [
                    {"name": name, "url": request_url(endpoint, values)} for name, values in endpoint.requests.items()
                ],
                "fields": [
                    {
                        "name": row["name"],
                        "type": row["type"],
                        "always": row["required"],
                        "description": row["description"],
                    }
                    for row in field_rows(endpoint.response, nested_unions=False)
                ],
                "example": json.dumps(endpoint.example, indent=2, ensure_ascii=False),
                "errors": [
                    {"status": status, "description": description}
                    for status, (description, _) in sorted(endpoint.errors.items())
                ],
            }
        )
    return endpoints


def _parameter_type(parameter: dict) -> str:
    """A parameter's type; a parameter holding JSON is named by its schema: Scenario (JSON)."""
    if "content" in parameter:
        return parameter["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1] + " (JSON)"
    return type_label(parameter["schema"])


def declared_fields(name: str) -> list[dict]:
    """The field table of a declared component (the Scenario, a check answer's answer)."""
    return list(field_rows(SCHEMAS[name]))
