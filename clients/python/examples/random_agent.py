#!/usr/bin/env python3
"""An agent that acts at random: a baseline for the solver.

Each step it reads the text view and picks uniformly at random among this
finite set of BrowserGym actions:

    click('id')                         for every element, Submit included
                                        (a slider clicked by id goes to its
                                        middle; a text box takes the focus)
    press('id', 'ArrowLeft'),
    press('id', 'ArrowRight')           for every slider
    clear('id'), and fill('id', 'T')    for every text box, and every
                                        quoted text "T" of the task

Disabled elements are included: acting on one is a wasted step. It acts
until the episode ends, by Submit or the budget, and reports the success
rate (reward 1).

    python3 examples/random_agent.py --url http://127.0.0.1:8000 --episodes 20 \\
        --family checkboxes --horizon 1 --seed 0 --agent-seed 1
"""

import random
import re
import sys
from typing import Any, Dict, List

from runner import Outcome, parse_args, reset_kwargs, run

from formplan_env import FormplanEnv, parse_text, py_quote


def action_set(obs: Dict[str, Any]) -> List[str]:
    """The actions the agent picks among, for observation obs."""
    texts = sorted(set(re.findall(r'"([^"]*)"', obs.get("task", ""))))
    out = []
    for el in parse_text(obs["text"]):
        out.append(f"click('{el.id}')")
        if el.kind == "slider":
            out += [f"press('{el.id}', 'ArrowLeft')", f"press('{el.id}', 'ArrowRight')"]
        elif el.kind == "textbox":
            out.append(f"clear('{el.id}')")
            out += [f"fill('{el.id}', {py_quote(t)})" for t in texts]
    return out


def play(env: FormplanEnv, a, seed: int) -> Outcome:
    rng = random.Random(a.agent_seed * 1_000_003 + seed)
    r = env.reset(**reset_kwargs(a, seed))
    out = Outcome(seed=seed, optimal=r.observation["metadata"]["optimal"])
    while not r.done:
        r = env.step(rng.choice(action_set(r.observation)))
        out.steps += 1
        if r.observation.get("last_action_error"):
            out.invalid += 1
    out.reward = r.reward
    return out


def main() -> None:
    a = parse_args("Acts at random on formplan episodes: a baseline.",
                   lambda p: p.add_argument("--agent-seed", type=int, default=1, help="the agent's random seed (default %(default)s)"))
    run("random", a, lambda env, seed: play(env, a, seed))
    sys.exit(0)


if __name__ == "__main__":
    main()
