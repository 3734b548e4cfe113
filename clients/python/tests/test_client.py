"""Tests of formplan_env.

The text view and URL tests need no server. The others run against a live
gen serve named by $FORMPLAN_TEST_URL (with $FORMPLAN_TEST_TOKEN, when it
wants one), and are skipped without it; the Go test in clients/python
starts one and runs these:

    FORMPLAN_TEST_URL=http://127.0.0.1:8000 python3 -m unittest discover -s tests -v

$FORMPLAN_TEST_SMALL_URL names another, run with
--no-images --max-sessions 1 --idle-timeout 1s, for the session limits.
"""

import os
import sys
import time
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from formplan_env import (  # noqa: E402
    FormplanEnv, FormplanEnvError, StepResult, find_target, go_unquote, parse_text, py_quote, ws_url,
)

URL = os.environ.get("FORMPLAN_TEST_URL")
TOKEN = os.environ.get("FORMPLAN_TEST_TOKEN") or None
# A text-only server of one session at most, idle timeout 1s, no token.
SMALL_URL = os.environ.get("FORMPLAN_TEST_SMALL_URL")

VIEW = '''[e0] checkbox "Br" checked
[e1] radio "the 2nd radio button" unselected
[e3] slider "the slider" value=-4 min=-10 max=10 step=2 disabled
[e4] textbox "the 1st textbox" value="1\\"2\\\\x\\u00e9" disabled focused
[e5] textbox "the 2nd textbox" value=""
[e6] button "Submit"
'''


class TextViewTest(unittest.TestCase):
    def test_parse(self):
        els = parse_text(VIEW)
        self.assertEqual([e.id for e in els], ["e0", "e1", "e3", "e4", "e5", "e6"])
        cb, radio, slider, t1, t2, submit = els
        self.assertEqual((cb.kind, cb.name, cb.value, cb.disabled), ("checkbox", "Br", 1, False))
        self.assertEqual((radio.value, radio.ordinal), (0, 1))
        self.assertEqual((slider.value, slider.min, slider.max, slider.step, slider.disabled), (-4, -10, 10, 2, True))
        self.assertEqual((t1.value, t1.disabled, t1.focused, t1.ordinal), ('1"2\\x\u00e9', True, True, 1))
        self.assertEqual((t2.value, t2.ordinal, t2.disabled), ("", 2, False))
        self.assertEqual((submit.kind, submit.target_kind), ("button", "submit"))
        self.assertIs(find_target(els, {"kind": "checkbox", "label": "Br"}), cb)
        self.assertIs(find_target(els, {"kind": "textbox", "ordinal": 2}), t2)
        with self.assertRaises(LookupError):
            find_target(els, {"kind": "checkbox", "ordinal": 2})
        with self.assertRaises(ValueError):
            parse_text("not a view")

    def test_quoting(self):
        self.assertEqual(go_unquote(r'"a\tb\x41\u00e9\U0001F600"'), "a\tbA\u00e9\U0001F600")
        self.assertEqual(go_unquote(r'"\xc3\xa9"'), "\u00e9")
        self.assertEqual(py_quote("it's a \\ test"), r"'it\'s a \\ test'")

    def test_ws_url(self):
        self.assertEqual(ws_url("http://127.0.0.1:8000"), "ws://127.0.0.1:8000/ws")
        self.assertEqual(ws_url("https://h.example/env/"), "wss://h.example/env/ws")
        self.assertEqual(ws_url("ws://h:1/ws"), "ws://h:1/ws")
        with self.assertRaises(ValueError):
            ws_url("127.0.0.1:8000")


@unittest.skipUnless(URL, "no server: set FORMPLAN_TEST_URL to a gen serve's base URL")
class ServerTest(unittest.TestCase):
    def env(self):
        return FormplanEnv(URL, token=TOKEN, timeout=30)

    def test_episode(self):
        with self.env() as env:
            r = env.reset(seed=1, family="checkboxes", horizon=1, observe=["text"])
            self.assertIsInstance(r, StepResult)
            self.assertFalse(r.done)
            self.assertEqual(r.reward, 0.0)
            self.assertNotIn("screenshot", r.observation)
            st = env.state()
            self.assertEqual(st["episode_id"], r.observation["metadata"]["episode_id"])
            self.assertEqual(st["step_count"], 0)
            # An action the form cannot take is a step with an error, not
            # an exception.
            r = env.step("click('nope')")
            self.assertIn("no element", r.observation["last_action_error"])
            self.assertFalse(r.observation["metadata"]["valid"])
            # A dict is sent as a JSON action.
            r = env.step({"op": "submit"})
            self.assertTrue(r.done)
            self.assertEqual(env.state()["step_count"], 2)
            with self.assertRaises(FormplanEnvError) as cm:
                env.step("noop()")
            self.assertEqual(cm.exception.code, "EPISODE_DONE")
            # The session goes on after an error reply.
            r = env.reset(seed=2, observe=["text", "screenshot"])
            self.assertTrue(r.observation["screenshot"])

    def test_errors(self):
        env = self.env()
        with self.assertRaises(FormplanEnvError) as cm:
            env.step("noop()")
        self.assertEqual(cm.exception.code, "NO_EPISODE")
        with self.assertRaises(FormplanEnvError) as cm:
            env.reset(family="no_such_family")
        self.assertEqual(cm.exception.code, "VALIDATION_ERROR")
        self.assertIn("choose one of", cm.exception.message)
        with self.assertRaises(FormplanEnvError) as cm:
            env.reset(horizon=2, mistakes=1)  # mistakes want start mistakes
        self.assertEqual(cm.exception.code, "VALIDATION_ERROR")
        with self.assertRaises(FormplanEnvError) as cm:
            env.reset(colour="red")  # an unknown field
        self.assertEqual(cm.exception.code, "VALIDATION_ERROR")
        env.close()
        env.close()  # twice does nothing
        with self.assertRaises(FormplanEnvError) as cm:
            env.reset()
        self.assertEqual(cm.exception.code, "CONNECTION_CLOSED")

    @unittest.skipUnless(TOKEN, "the server has no token")
    def test_wrong_token(self):
        with self.assertRaises(FormplanEnvError) as cm:
            FormplanEnv(URL, token="wrong").connect()
        self.assertEqual(cm.exception.code, "UNAUTHORIZED")
        with self.assertRaises(FormplanEnvError) as cm:
            FormplanEnv(URL).reset()
        self.assertEqual(cm.exception.code, "UNAUTHORIZED")


@unittest.skipUnless(SMALL_URL, "no small server: set FORMPLAN_TEST_SMALL_URL to a gen serve --no-images --max-sessions 1 --idle-timeout 1s")
class LimitsTest(unittest.TestCase):
    def test_capacity_and_idle(self):
        with FormplanEnv(SMALL_URL, timeout=30) as first:
            r = first.reset(seed=1, observe=["text"])
            self.assertIn("[e0]", r.observation["text"])
            with self.assertRaises(FormplanEnvError) as cm:
                first.reset(observe=["screenshot"])  # this server draws no pictures
            self.assertEqual(cm.exception.code, "VALIDATION_ERROR")
            second = FormplanEnv(SMALL_URL, timeout=30)
            with self.assertRaises(FormplanEnvError) as cm:
                second.state()
            self.assertEqual(cm.exception.code, "CAPACITY_REACHED")
            self.assertEqual(cm.exception.data.get("max_sessions"), 1)
            second.close()
            time.sleep(1.5)  # the server closes the idle session
            with self.assertRaises(FormplanEnvError) as cm:
                first.step("noop()")
            self.assertEqual(cm.exception.code, "CONNECTION_CLOSED")
            self.assertIn("1008", cm.exception.message)
            # The next request opens a new session, with no episode yet.
            with self.assertRaises(FormplanEnvError) as cm:
                first.step("noop()")
            self.assertEqual(cm.exception.code, "NO_EPISODE")
            self.assertFalse(first.reset(seed=1, observe=["text"]).done)


if __name__ == "__main__":
    unittest.main()
