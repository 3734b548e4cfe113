#!/usr/bin/env python3
"""An agent that solves every episode from what it observes.

It plans on the client, from the observation alone: the text view gives
each element's id, kind, name, value and whether it is disabled, and the
observation's metadata.unmet the wants the form does not meet yet. Each
unmet want takes exactly one action, and no action meets two:

    checkbox   click('id')     a click toggles it, and it is unmet
    radio      click('id')     selects the wanted button (wants only select)
    slider     {"op": "set", "target": <the want's target>, "value": N}
                               formplan's JSON action: BrowserGym's actions
                               move a slider one step a press, or to an end
    textbox    fill('id', 'text')

then click('id') on the Submit button. So a shortest plan is one action
per unmet want and Submit: metadata.optimal steps. The order matters only
for conditional elements: a disabled element cannot be changed until the
element that enables it has its wanted value (a want on a conditional
element comes with a want that enables it). The plan puts the actions on
elements enabled now first, and before each step the agent re-reads the
observation and takes the first planned action whose element is enabled,
so an element enabled by an earlier step (or a chain of them) comes after
its enabler. An action the server refuses (last_action_error) or a plan
left with only disabled elements fails the episode: the agent never
retries blindly.

    python3 examples/solver.py --url http://127.0.0.1:8000 --episodes 20 \\
        --family checkbox_textboxes --horizon 2 --seed 0

prints one line per failure and a summary line; it exits 1 when an
episode was not solved.
"""

import json
import sys
from dataclasses import dataclass
from typing import Any, Dict, List

from runner import Outcome, parse_args, reset_kwargs, run

from formplan_env import Element, FormplanEnv, find_target, parse_text, py_quote


class PlanError(Exception):
    """The observation holds something the solver cannot plan for."""


@dataclass
class Step:
    element: Element
    action: str
    want: Dict[str, Any]


def plan(obs: Dict[str, Any]) -> List[Step]:
    """Returns a shortest plan from obs: one action per unmet want, those
    on elements enabled now first, then Submit."""
    elements = parse_text(obs["text"])
    steps = []
    for want in obs["metadata"].get("unmet") or []:
        try:
            el = find_target(elements, want["target"])
        except LookupError as e:
            raise PlanError(str(e))
        value = want.get("value") or {}
        n, s = value.get("n", 0), value.get("s", "")
        if el.kind == "checkbox":
            if el.value == n:
                raise PlanError(f"{el.id} is unmet but already {'checked' if n else 'unchecked'}")
            action = f"click('{el.id}')"
        elif el.kind == "radio":
            if n != 1:
                raise PlanError(f"a want unselects radio button {el.id}: nothing does that")
            action = f"click('{el.id}')"
        elif el.kind == "slider":
            if not (el.min <= n <= el.max) or (n - el.min) % el.step:
                raise PlanError(f"slider {el.id} cannot hold {n}")
            action = json.dumps({"op": "set", "target": want["target"], "value": n})
        elif el.kind == "textbox":
            action = f"fill('{el.id}', {py_quote(s)})"
        else:
            raise PlanError(f"a want on {el.kind} {el.id}")
        steps.append(Step(el, action, want))
    steps.sort(key=lambda st: st.element.disabled)  # stable: enabled ones first
    submit = [e for e in elements if e.kind == "button"]
    if len(submit) != 1:
        raise PlanError(f"{len(submit)} Submit buttons")
    steps.append(Step(submit[0], f"click('{submit[0].id}')", {}))
    return steps


def solve(env: FormplanEnv, a, seed: int) -> Outcome:
    r = env.reset(**reset_kwargs(a, seed))
    obs = r.observation
    out = Outcome(seed=seed, optimal=obs["metadata"]["optimal"])
    if "text" not in obs or not obs["text"]:
        out.error = "the observation has no text view"
        return out
    try:
        out.deferred = sum(st.element.disabled for st in plan(obs))
    except PlanError:
        pass  # said below
    while not r.done:
        try:
            steps = plan(r.observation)
        except PlanError as e:
            out.error = f"step {out.steps}: {e}"
            return out
        ready = [st for st in steps if not st.element.disabled]
        if ready[0] is steps[-1] and len(steps) > 1:
            out.error = f"step {out.steps}: every unmet want is on a disabled element: " + ", ".join(st.element.id for st in steps[:-1])
            return out
        r = env.step(ready[0].action)
        out.steps += 1
        if r.observation.get("last_action_error"):
            out.invalid += 1
            out.error = f"step {out.steps}: {ready[0].action}: {r.observation['last_action_error']}"
            return out
    out.reward = r.reward
    if r.reward != 1:
        out.error = f"ended with reward {r.reward:g} after {out.steps} steps"
    return out


def main() -> None:
    a = parse_args("Solves formplan episodes with a shortest plan computed from each observation.")
    outcomes = run("solver", a, lambda env, seed: solve(env, a, seed))
    sys.exit(0 if all(o.success for o in outcomes) else 1)


if __name__ == "__main__":
    main()
