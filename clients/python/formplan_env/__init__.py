"""formplan_env: a Python client of formplan's OpenEnv server, ``gen serve``.

    from formplan_env import FormplanEnv

    with FormplanEnv("http://127.0.0.1:8000", token=None) as env:
        r = env.reset(seed=3, family="checkboxes", horizon=2)
        r = env.step("click('e1')")
        print(r.observation["text"], r.reward, r.done, env.state())

Errors the server answers with raise FormplanEnvError, whose code and
message are the server's. parse_text reads the text observation into
Elements (id, kind, name, value, disabled, ...).
"""

from .client import FormplanEnv, FormplanEnvError, StepResult, ws_url
from .textview import Element, find_target, go_unquote, parse_text, py_quote

__all__ = [
    "FormplanEnv", "FormplanEnvError", "StepResult", "ws_url",
    "Element", "find_target", "go_unquote", "parse_text", "py_quote",
]
