"""Helpers for the formplan lmms-eval tasks (see the dataset card).

Every task asks one suite's rows in one variant: prompt_style "instruct"
(the answer alone) or "cot" (reasoning, then "Answer: X"), and setting
"image" (the screenshots), "caption" (the caption in their place) or
"both". process_results takes the answer out of the reply exactly as
"gen score" does: the last answer marker counts, and a reply with no
answer or two is unparsed, never guessed.
"""

import json
import os
import re
import shutil
import subprocess
import tempfile

# The characters Go's strings.TrimSpace and strings.Fields take for space.
_SPACE = "\t\n\v\f\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
_S = "[\t\n\f\r ]"  # Go's \s

_MARKER = re.compile(
    r"(?im)(?:final" + _S + r"+answer|answer|output(?:" + _S + r"+choice)?)" + _S + r"*(?:is)?" + _S + r"*[:\uff1a]" + _S + r"*(.*)$")
_BOXED = re.compile(r"\\boxed" + _S + r"*\{((?:[^{}\n]|\{[^{}\n]*\})*)\}")
_JSON_ANSWER = re.compile(r"(?i)\{[^{}]*?\"(?:final_answer|final answer|answer)\"" + _S + r"*:" + _S + r"*\"([^\"\\\n]*)\"")
_ANSWER_IS = re.compile(
    r"(?im)(?<![0-9A-Za-z_])(?:the" + _S + r"+)?(?:correct" + _S + r"+|final" + _S + r"+)?(?:answer|option|choice|plan)"
    + _S + r"+is" + _S + r"+(.*)$")
_LATEX = re.compile(r"\\(?:boxed|text|textbf|mathrm|mathbf)" + _S + r"*\{([^{}]*)\}")
_ORDINAL = re.compile(
    r"(?i)^(?:the" + _S + r"+)?(first|second|third|fourth|fifth|sixth|seventh|eighth|1st|2nd|3rd|4th|5th|6th|7th|8th)" + _S
    + r"+(option|plan|choice|one|picture|image|screenshot)(?:[^A-Za-z0-9]|\Z)")
_ORDINALS = [("first", "1st"), ("second", "2nd"), ("third", "3rd"), ("fourth", "4th"),
             ("fifth", "5th"), ("sixth", "6th"), ("seventh", "7th"), ("eighth", "8th")]
_DECORATION = re.compile("\\*\\*|__|`|\"|\u201c|\u201d")
_NOT_ALNUM = re.compile(r"[^A-Za-z0-9]+")
_SPACES = re.compile("[" + _SPACE + "]+")

_WHY_EMPTY = "no text where the answer should be"
_WHY_NONE = "no option letter, option text or Yes/No where the answer should be"
_WHY_TWO = "two different answers"
_WHY_NO_YES_NO = "neither Yes nor No where the answer should be"


def _trim_space(s):
    return s.strip(_SPACE)


def _clean(s):
    s = _DECORATION.sub("", s)
    s = _LATEX.sub(lambda m: m.group(1), _LATEX.sub(lambda m: m.group(1), s))
    s = s.replace("$", "")
    return _trim_space(_trim_space(s).strip("*_'"))


def _first_line(s):
    return _trim_space(s.split("\n", 1)[0])


def _letter(k):
    return chr(ord("A") + k)


def _is_alnum(c):
    return c.isascii() and c.isalnum()


def _yes_no(t, strict):
    words = [w for w in _SPACES.split(t.lower()) if w]
    if not words:
        return None, _WHY_EMPTY
    first = words[0].strip(".,;:!?)(\"'")
    if first == "yes":
        got = "Yes"
    elif first == "no":
        got = "No"
    else:
        return None, _WHY_NO_YES_NO
    if strict and len(words) > 1:
        return None, _WHY_NO_YES_NO
    for w in words[1:]:
        w = w.strip(".,;:!?)(\"'")
        if w in ("yes", "no") and w != got.lower():
            return None, _WHY_TWO
    return got, ""


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
    if rest and _is_alnum(rest[0]):
        return None, ""  # a word, not a letter
    if "a" <= t[0] <= "z" and rest[:1] == " ":
        return None, ""  # "a plan ..." is prose
    return c, rest


def _other_letter(rest, first, n):
    for w in _NOT_ALNUM.split(rest):
        if len(w) == 1 and "A" <= w <= "Z" and ord(w) - ord("A") < n and w != first:
            return _WHY_TWO
    return ""


def _leading_option(t, choices):
    k, rest = -1, ""
    for j, c in enumerate(choices):
        ct = _clean(c)
        if not ct or "\n" in ct or len(t) <= len(ct) or not t[:len(ct)].isascii() or t[:len(ct)].lower() != ct.lower():
            continue
        if _is_alnum(t[len(ct)]):
            continue  # "Picture 12" is not "Picture 1"
        k, rest = j, t[len(ct):]
        break
    m = _ORDINAL.search(t)
    if k < 0 and m:
        word, noun = m.group(1).lower(), m.group(2).lower()
        for j, w in enumerate(_ORDINALS):
            if word not in w or j >= len(choices):
                continue
            if noun in ("picture", "image", "screenshot") and _clean(choices[j]).lower() != ("picture " + chr(ord("1") + j)):
                break
            k, rest = j, t[m.end(2):]
            break
    if k < 0:
        return None, _WHY_NONE
    words = [w for w in _SPACES.split(rest.lower()) if w]
    if words and words[0] in ("or", "and", "/", "vs"):
        return None, _WHY_TWO
    if _trim_space(rest).startswith("/"):
        return None, _WHY_TWO
    why = _other_letter(rest, _letter(k), len(choices))
    if why:
        return None, why
    return _letter(k), ""


def _one(s, choices, yes_no, strict):
    t = _clean(s)
    if not t:
        return None, _WHY_EMPTY
    if yes_no:
        return _yes_no(t, strict)
    bare = t.rstrip(".!")
    for k, c in enumerate(choices):
        if bare.lower() == _clean(c).lower():
            return _letter(k), ""
    first, rest = _leading_letter(t, len(choices))
    if first is None:
        if strict:
            return None, _WHY_NONE
        return _leading_option(t, choices)
    rest = _trim_space(rest.strip(".:)]-\u2014\u2013 "))
    if not rest:
        return first, ""
    k = ord(first) - ord("A")
    if rest.lower().startswith(_first_line(_clean(choices[k])).lower()):
        return first, ""  # "D. 1. Click HZ ..."
    if strict:
        return None, _WHY_NONE
    why = _other_letter(rest, first, len(choices))
    if why:
        return None, why
    return first, ""


def _last_explicit(reply):
    best, content = -1, None
    for pattern in (_MARKER, _BOXED, _JSON_ANSWER):
        found = list(pattern.finditer(reply))
        if found and found[-1].start() > best:
            best, content = found[-1].start(), found[-1].group(1)
    return content


def explain(reply, choices, yes_no):
    """Return (answer, strict answer, why) for reply, as gen score takes
    them out: the answer under extract and under extract_strict (None for
    none), and why extract found none ("" when it found one)."""
    content = _last_explicit(reply)
    if content is not None:
        got, why = _one(content, choices, yes_no, False)
        strict, _ = _one(content, choices, yes_no, True)
        return got, strict, why
    found = list(_ANSWER_IS.finditer(reply))
    if found:
        got, why = _one(found[-1].group(1), choices, yes_no, False)
        return got, None, why
    got, why = _one(reply, choices, yes_no, False)
    strict, _ = _one(reply, choices, yes_no, True)
    return got, strict, why


def extract(reply, choices, yes_no):
    """Return the answer of reply: a letter, "Yes" or "No"; or None when the
    reply holds no well-formed answer or two different ones."""
    return explain(reply, choices, yes_no)[0]


def extract_strict(reply, choices, yes_no):
    """Return the answer of reply given in an answer format only (a marker,
    \\boxed{}, a JSON answer field, or the answer alone); None otherwise."""
    return explain(reply, choices, yes_no)[1]


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
    """Keep one reply to an open-ended suite (plan_generation, next_action,
    grounding)
    with its row's id, for gen score and for the measures below."""
    kept = {"id": doc["id"], "reply": results[0] if results else ""}
    out = {"formplan": {"id": doc["id"], "extracted": None}}
    for measure in _OPEN_MEASURES.get(doc["suite"], ()):
        out[measure] = kept
    return out


# The measures each open-ended suite's task reports, as its metric_list names them.
_OPEN_MEASURES = {"plan_generation": ("optimal", "success"), "next_action": ("lenient", "strict"), "grounding": ("in_box",)}


def count_rows(items):
    """Aggregate the formplan metric: how many rows were scored."""
    return len(items)


# The measures of gen score's judge, by the replies they judged.
_JUDGED = {}


def _judge(items):
    """Return gen score's measures of the open-ended replies in items (from
    keep_reply), by row id. gen score runs the plans and actions in formplan's
    simulator; FORMPLAN_GEN names the gen binary (default: gen on PATH) and
    FORMPLAN_DATASET the dataset directory (default: the current one, where
    lmms-eval runs these tasks from)."""
    key = tuple((i["id"], i["reply"]) for i in items)
    if key in _JUDGED:
        return _JUDGED[key]
    gen = os.environ.get("FORMPLAN_GEN") or shutil.which("gen")
    if not gen:
        raise RuntimeError("formplan: gen score judges the open-ended suites: set FORMPLAN_GEN to the gen binary or put gen on PATH")
    dataset = os.environ.get("FORMPLAN_DATASET", ".")
    with tempfile.TemporaryDirectory() as tmp:
        replies = os.path.join(tmp, "lmms-eval.jsonl")
        with open(replies, "w", encoding="utf-8") as f:
            for i in items:
                f.write(json.dumps({"id": i["id"], "response": i["reply"], "model": "lmms-eval"}) + "\n")
        rows = os.path.join(tmp, "rows.jsonl")
        done = subprocess.run([gen, "score", dataset, replies, "--per-row", rows],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if done.returncode != 0:
            raise RuntimeError("formplan: gen score failed: " + done.stderr.strip())
        with open(rows, encoding="utf-8") as f:
            judged = {}
            for line in f:
                row = json.loads(line)
                judged[row["id"]] = row.get("measures") or {}
    _JUDGED[key] = judged
    return judged


def _share(items, measure):
    judged = _judge(items)
    return sum(1.0 if judged[i["id"]].get(measure) else 0.0 for i in items) / len(items) if items else 0.0


def success(items):
    """plan_generation: the share of plans after which the task holds."""
    return _share(items, "success")


def optimal(items):
    """plan_generation: the share of plans that succeed in the fewest steps
    (the suite's main measure)."""
    return _share(items, "optimal")


def lenient(items):
    """next_action: the share of actions that begin some shortest plan (the
    suite's main measure)."""
    return _share(items, "lenient")


def strict(items):
    """next_action: the share of actions that are the gold step."""
    return _share(items, "strict")


def in_box(items):
    """grounding: the share of click points in the named element's box (the
    suite's measure)."""
    return _share(items, "in_box")
