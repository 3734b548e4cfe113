"""Helpers for the formplan lmms-eval tasks (see the dataset card).

Every task asks one suite's rows in one variant: prompt_style "instruct"
(the answer alone) or "cot" (reasoning, then "Answer: X"), and setting
"image" (the screenshots), "caption" (the caption in their place) or
"both". process_results takes the answer out of the reply exactly as
"gen score" does: the last answer marker counts, and a reply with no
answer or two is unparsed, never guessed.
"""

import json
import re

# The characters Go's strings.TrimSpace and strings.Fields take for space.
_SPACE = "\t\n\v\f\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
_S = "[\t\n\f\r ]"  # Go's \s

_MARKER = re.compile(
    r"(?im)(?:final" + _S + r"+answer|answer|output(?:" + _S + r"+choice)?)" + _S + r"*(?:is)?" + _S + r"*[:\uff1a]" + _S + r"*(.*)$")
_ANSWER_IS = re.compile(
    r"(?im)(?<![0-9A-Za-z_])(?:the" + _S + r"+)?(?:correct" + _S + r"+|final" + _S + r"+)?(?:answer|option|choice|plan)"
    + _S + r"+is" + _S + r"+(.*)$")
_DECORATION = re.compile("\\*\\*|__|`|\"|\u201c|\u201d")
_NOT_ALNUM = re.compile(r"[^A-Za-z0-9]+")
_SPACES = re.compile("[" + _SPACE + "]+")


def _trim_space(s):
    return s.strip(_SPACE)


def _clean(s):
    return _trim_space(_trim_space(_DECORATION.sub("", s)).strip("*_'"))


def _first_line(s):
    return _trim_space(s.split("\n", 1)[0])


def _letter(k):
    return chr(ord("A") + k)


def _yes_no(t):
    words = [w for w in _SPACES.split(t.lower()) if w]
    if not words:
        return None
    first = words[0].strip(".,;:!?)(\"'")
    if first == "yes":
        got = "Yes"
    elif first == "no":
        got = "No"
    else:
        return None
    for w in words[1:]:
        w = w.strip(".,;:!?)(\"'")
        if w in ("yes", "no") and w != got.lower():
            return None
    return got


def _leading_letter(t, n):
    for p in ("option ", "plan ", "choice "):
        if len(t) > len(p) and t[:len(p)].lower() == p:
            t = t[len(p):]
            break
    t = t.lstrip("([ ")
    if not t:
        return None, ""
    c = t[0]
    if "a" <= c <= "z":
        c = c.upper()
    if not ("A" <= c <= "Z") or ord(c) - ord("A") >= n:
        return None, ""
    rest = t[1:]
    if rest and rest[0].isascii() and rest[0].isalnum():
        return None, ""  # a word, not a letter
    if "a" <= t[0] <= "z" and rest[:1] == " ":
        return None, ""  # "a plan ..." is prose
    return c, rest


def _one(s, choices, yes_no):
    t = _clean(s)
    if not t:
        return None
    if yes_no:
        return _yes_no(t)
    bare = t.rstrip(".!")
    for k, c in enumerate(choices):
        if bare.lower() == _clean(c).lower():
            return _letter(k)
    first, rest = _leading_letter(t, len(choices))
    if first is None:
        return None
    rest = _trim_space(rest.strip(".:)]-\u2014\u2013 "))
    if not rest:
        return first
    k = ord(first) - ord("A")
    if rest.lower().startswith(_first_line(_clean(choices[k])).lower()):
        return first  # "D. 1. Click HZ ..."
    for w in _NOT_ALNUM.split(rest):
        if len(w) == 1 and "A" <= w <= "Z" and ord(w) - ord("A") < len(choices) and w != first:
            return None
    return first


def extract(reply, choices, yes_no):
    """Return the answer of reply: a letter, "Yes" or "No"; or None when the
    reply holds no well-formed answer or two different ones."""
    for pattern in (_MARKER, _ANSWER_IS):
        found = list(pattern.finditer(reply))
        if found:
            return _one(found[-1].group(1), choices, yes_no)
    return _one(reply, choices, yes_no)


def doc_to_visual(doc):
    """Return the pictures of a row as RGB images: image, then image_2 if set."""
    return [doc[key].convert("RGB") for key in ("image", "image_2") if doc.get(key) is not None]


def no_visual(doc):
    """Return no pictures: the caption tasks give the caption in their place."""
    return []


def doc_to_text(doc, lmms_eval_specific_kwargs=None):
    """Return the prompt of a row in the task's prompt style and setting."""
    kwargs = lmms_eval_specific_kwargs or {}
    prompt = doc["prompt_cot"] if kwargs.get("prompt_style") == "cot" else doc["prompt_instruct"]
    setting = kwargs.get("setting", "image")
    if setting == "caption":
        return "No screenshot is shown. In its place, the state it shows, in words:\n" + doc["caption"] + "\n\n" + prompt
    if setting == "both":
        return "The state the screenshot shows, in words:\n" + doc["caption"] + "\n\n" + prompt
    return prompt


def doc_to_target(doc):
    """Return the expected reply: the option text for a free-format row
    (for example "Picture 1"), the answer otherwise."""
    meta = json.loads(doc["metadata"])
    if meta.get("format") == "free":
        return doc["choices"][doc["answer_idx"]]
    return doc["answer"]


def process_results(doc, results):
    """Score one reply as gen score does: accuracy 1 or 0, unparsed 1 when
    no answer could be taken out, and the row's id for gen score."""
    got = extract(results[0] if results else "", list(doc["choices"]), doc["suite"] == "future_state")
    return {
        "accuracy": 1.0 if got is not None and got == doc["answer"] else 0.0,
        "unparsed": 1.0 if got is None else 0.0,
        "formplan": {"id": doc["id"], "extracted": got},
    }


def keep_reply(doc, results):
    """Keep one reply to an open-ended suite (plan_generation, next_action)
    with its row's id: gen score reads the plan or action and judges it
    with the simulator."""
    return {"formplan": {"id": doc["id"], "extracted": None}}


def count_rows(items):
    """Aggregate the formplan metric: how many rows were scored."""
    return len(items)
