"""The stylesheet keeps to its type scale (web/styles/base.css): every font size is the body's,
one of the scale's five or the title's, and every weight 400 or 700.

Each size, weight and family is a font the browser looks up before its first layout, about a
millisecond each on a 2-core Linux machine; a new size slipped into one component costs every
cold visit that much more. Print sizes and the chunk map's SVG text (user units, scaled with
the drawing) are no face the screen's first layout asks for.
"""

from __future__ import annotations

import re

import pytest

from site_build.comments import css_without_comments
from site_build.stylesheet import COMPONENTS, STYLES, stylesheet

SCALE = {
    "--text-small": "0.8rem",
    "--text-note": "0.875rem",
    "--text-lead": "1.15rem",
    "--text-title": "1.3rem",
    "--text-figure": "1.45rem",
}
SIZES = {"1rem", "inherit", *(f"var({name})" for name in SCALE)}
# What the scale leaves out, each with its reason.
OTHER_SIZES = {
    ("base.css", "h1"): "clamp(1.6rem, 1.2rem + 1.6vw, 2.3rem)",  # the title, with the viewport
    ("chunk-map.css", ".cm-label,\n.cm-tick,\n.cm-gap-note"): "12px",  # SVG user units
}
WEIGHTS = {"400", "700", "normal", "bold", "inherit"}


def declarations(css: str) -> list[tuple[str, str, str, bool]]:
    """(selector, property, value, inside @media print) of each font declaration."""
    found = []
    print_depth = None
    depth = 0
    selector = ""
    for token in re.finditer(r"([^{};]*)([{};])", css):
        text, mark = token.group(1).strip(), token.group(2)
        if mark == "{":
            if text.startswith("@media") and "print" in text:
                print_depth = depth
            selector = text
            depth += 1
        elif mark == "}":
            depth -= 1
            if print_depth is not None and depth == print_depth:
                print_depth = None
        elif ":" in text:
            name, value = (part.strip() for part in text.split(":", 1))
            if name in ("font", "font-size", "font-weight"):
                found.append((selector, name, value, print_depth is not None))
    return found


def size_and_weight(name: str, value: str) -> tuple[str | None, str | None]:
    if name == "font-size":
        return value, None
    if name == "font-weight":
        return None, value
    if value == "inherit":
        return "inherit", None
    # The shorthand: [weight] size[/line-height] family
    match = re.fullmatch(
        r"(?:(\d{3}|bold|normal) )?(var\([^)]*\)|[\d.]+\w+)\s*(?:/\s*[\d.]+)?\s.+", value
    )
    assert match, f"a font shorthand this test does not read: {value!r}"
    return match.group(2), match.group(1)


def font_declarations(component: str) -> list[tuple[str, str, str, bool]]:
    return declarations(css_without_comments((STYLES / component).read_text(encoding="utf-8")))


def test_the_scale_is_declared_once_in_base_css() -> None:
    base = css_without_comments((STYLES / "base.css").read_text(encoding="utf-8"))
    root = re.search(r":root\s*\{([^}]*)\}", base)
    assert root
    declared = dict(re.findall(r"(--text-[\w-]+):\s*([^;]+);", root.group(1)))
    assert declared == SCALE
    whole = stylesheet()
    for name in SCALE:
        assert whole.count(f"{name}:") == 1, name


@pytest.mark.parametrize("component", COMPONENTS)
def test_each_font_size_and_weight_is_on_the_scale(component: str) -> None:
    for selector, name, value, in_print in font_declarations(component):
        if in_print:
            continue
        size, weight = size_and_weight(name, value)
        if size is not None:
            allowed = SIZES | {OTHER_SIZES.get((component, selector), "")}
            assert size in allowed, f"{component} {selector!r}: font size {size} is off the scale"
        if weight is not None:
            assert weight in WEIGHTS, f"{component} {selector!r}: font weight {weight} (400 or 700)"


def test_the_reader_sees_each_kind_of_declaration() -> None:
    """The checks above read shorthands, sizes, weights and print rules: each is present."""
    found = [
        declaration for component in COMPONENTS for declaration in font_declarations(component)
    ]
    assert {name for _, name, _, _ in found} == {"font", "font-size", "font-weight"}
    assert any(in_print for *_, in_print in found)
    assert any(
        size_and_weight(name, value)[1] == "700" for _, name, value, _ in found if name == "font"
    )


@pytest.mark.parametrize(
    ("css", "expected"),
    [
        ("a { font-size: 0.85rem; }", [("a", "font-size", "0.85rem", False)]),
        (
            "@media print { b { font: 600 9pt / 1 x; } }\nc { font-weight: 600; }",
            [("b", "font", "600 9pt / 1 x", True), ("c", "font-weight", "600", False)],
        ),
    ],
)
def test_declarations_are_read_with_their_rule(
    css: str, expected: list[tuple[str, str, str, bool]]
) -> None:
    assert declarations(css) == expected


def test_a_size_off_the_scale_is_caught() -> None:
    assert size_and_weight("font", "600 0.85rem / 1.45 var(--mono)") == ("0.85rem", "600")
    assert "0.85rem" not in SIZES
