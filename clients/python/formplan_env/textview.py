"""Reading the text observation: one element a line, as ``gen serve``
writes it::

    [e0] checkbox "Br" checked
    [e1] radio "the 2nd radio button" unselected
    [e3] slider "the slider" value=4 min=-10 max=10 step=1
    [e4] textbox "the 1st textbox" value="12" disabled focused
    [e6] button "Submit"

The id in brackets is the bid BrowserGym actions name; the name is Go
quoted (Go's %q); a text box's value too.
"""

import re
from dataclasses import dataclass
from typing import Any, Dict, List, Optional

__all__ = ["Element", "parse_text", "go_unquote", "find_target", "py_quote"]

# The kinds the text view writes; the Submit button is "button" there and
# "submit" in a want's target.
KINDS = ("checkbox", "radio", "slider", "textbox", "button")

_GO_STR = r'"(?:[^"\\]|\\.)*"'
_LINE = re.compile(r'^\[(?P<id>[^\]\s]+)\] (?P<kind>[a-z]+) (?P<name>' + _GO_STR + r')(?P<rest>.*)$')
_SLIDER = re.compile(r' value=(-?\d+) min=(-?\d+) max=(-?\d+) step=(\d+)')
_TEXT = re.compile(r' value=(' + _GO_STR + r')')


@dataclass
class Element:
    """One element of the text view.

    value is a checkbox's or radio button's 1 (checked, selected) or 0, a
    slider's number, or a text box's text; None for the button. ordinal
    is the element's 1-based position among the elements of its kind, in
    the order of the view, as a want's target counts it.
    """

    id: str
    kind: str
    name: str
    value: Any = None
    min: Optional[int] = None
    max: Optional[int] = None
    step: Optional[int] = None
    disabled: bool = False
    focused: bool = False
    ordinal: int = 0

    @property
    def target_kind(self) -> str:
        """The kind as a want's target names it."""
        return "submit" if self.kind == "button" else self.kind


def go_unquote(s: str) -> str:
    """Reads a Go double-quoted string literal, as %q writes it."""
    if len(s) < 2 or s[0] != '"' or s[-1] != '"':
        raise ValueError(f"not a Go string: {s!r}")
    body, out, i = s[1:-1], [], 0
    simple = {"a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v", "\\": "\\", '"': '"', "'": "'"}
    raw = bytearray()

    def flush():
        if raw:
            out.append(raw.decode("utf-8", errors="replace"))
            raw.clear()

    while i < len(body):
        c = body[i]
        if c != "\\":
            flush()
            out.append(c)
            i += 1
            continue
        e = body[i + 1]
        if e in simple:
            flush()
            out.append(simple[e])
            i += 2
        elif e == "x":
            raw.append(int(body[i + 2:i + 4], 16))
            i += 4
        elif e in "01234567":
            raw.append(int(body[i + 1:i + 4], 8))
            i += 4
        elif e == "u":
            flush()
            out.append(chr(int(body[i + 2:i + 6], 16)))
            i += 6
        elif e == "U":
            flush()
            out.append(chr(int(body[i + 2:i + 10], 16)))
            i += 10
        else:
            raise ValueError(f"unknown escape \\{e} in {s!r}")
    flush()
    return "".join(out)


def parse_text(text: str) -> List[Element]:
    """Reads a text observation into its elements, in order. A line that
    is not an element raises ValueError: the view changed."""
    out: List[Element] = []
    count: Dict[str, int] = {}
    for line in text.splitlines():
        if not line.strip():
            continue
        m = _LINE.match(line)
        if not m or m["kind"] not in KINDS:
            raise ValueError(f"not an element line: {line!r}")
        el = Element(id=m["id"], kind=m["kind"], name=go_unquote(m["name"]))
        rest = m["rest"]
        words = rest.split()
        if el.kind in ("checkbox", "radio"):
            on, off = ("checked", "unchecked") if el.kind == "checkbox" else ("selected", "unselected")
            if on in words:
                el.value = 1
            elif off in words:
                el.value = 0
            else:
                raise ValueError(f"no {on}/{off} state: {line!r}")
        elif el.kind == "slider":
            s = _SLIDER.search(rest)
            if not s:
                raise ValueError(f"no slider value: {line!r}")
            el.value, el.min, el.max, el.step = (int(x) for x in s.groups())
            rest = rest[:s.start()] + rest[s.end():]
        elif el.kind == "textbox":
            s = _TEXT.search(rest)
            if not s:
                raise ValueError(f"no text box value: {line!r}")
            el.value = go_unquote(s.group(1))
            rest = rest[:s.start()] + rest[s.end():]
        flags = rest.split()
        el.disabled = "disabled" in flags
        el.focused = "focused" in flags
        count[el.kind] = count.get(el.kind, 0) + 1
        el.ordinal = count[el.kind]
        out.append(el)
    return out


def find_target(elements: List[Element], target: Dict[str, Any]) -> Element:
    """Returns the element a want's target names: {"kind", "label"} by the
    element's name, or {"kind", "ordinal"} by its position among its kind.
    Raises LookupError when none or several match."""
    kind = target.get("kind")
    label = target.get("label")
    if label:
        found = [e for e in elements if e.target_kind == kind and e.name == label]
    else:
        found = [e for e in elements if e.target_kind == kind and e.ordinal == target.get("ordinal")]
    if len(found) != 1:
        raise LookupError(f"target {target} names {len(found)} elements of the text view")
    return found[0]


def py_quote(s: str) -> str:
    """Quotes s as a Python string literal in single quotes, for a
    BrowserGym action's argument."""
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n").replace("\t", "\\t") + "'"
