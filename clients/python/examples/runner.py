"""What the example agents share: their command line, and running
episodes over one or more sessions with a summary line at the end."""

import argparse
import os
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, List, Optional

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from formplan_env import FormplanEnv, FormplanEnvError  # noqa: E402


@dataclass
class Outcome:
    """How one episode went."""

    seed: int
    reward: float = 0.0
    steps: int = 0
    optimal: int = 0
    invalid: int = 0  # steps whose last_action_error was set
    deferred: int = 0  # the solver's: wants on elements disabled at the start
    error: str = ""   # why the agent gave up, or the server's error

    @property
    def success(self) -> bool:
        return self.reward == 1 and not self.error


def parse_args(description: str, extra: Optional[Callable[[argparse.ArgumentParser], None]] = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--url", default="http://127.0.0.1:8000", help="the server's base URL (default %(default)s)")
    p.add_argument("--token", default=os.environ.get("FORMPLAN_TOKEN"), help="bearer token (default $FORMPLAN_TOKEN)")
    p.add_argument("--episodes", type=int, default=10, help="episodes to run (default %(default)s)")
    p.add_argument("--family", default="checkboxes", help="family to reset (default %(default)s)")
    p.add_argument("--horizon", type=int, default=1, help="wants the start misses (default %(default)s)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first episode; the others follow it (default %(default)s)")
    p.add_argument("--start", choices=["clean", "mistakes"], default=None, help="the start (server default: clean)")
    p.add_argument("--mistakes", type=int, default=None, help="mistakes of a start mistakes, 1 to 3")
    p.add_argument("--budget", type=int, default=None, help="steps before an episode ends (server default: optimal + 10)")
    p.add_argument("--observe", default=None,
                   help="comma-separated observations: screenshot,text,boxes (server default: all three; text is needed)")
    p.add_argument("--sessions", type=int, default=1, help="WebSocket sessions run at once (default %(default)s)")
    p.add_argument("--verbose", "-v", action="store_true", help="print every episode")
    if extra:
        extra(p)
    a = p.parse_args()
    if a.episodes < 1 or a.sessions < 1:
        p.error("--episodes and --sessions want 1 or more")
    a.observe = a.observe.split(",") if a.observe else None
    if a.observe is not None and "text" not in a.observe:
        p.error("--observe must include text: the agents read the text view")
    return a


def reset_kwargs(a: argparse.Namespace, seed: int) -> dict:
    return dict(seed=seed, family=a.family, horizon=a.horizon, start=a.start, mistakes=a.mistakes,
                budget=a.budget, observe=a.observe)


def run(name: str, a: argparse.Namespace, episode: Callable[[FormplanEnv, int], Outcome]) -> List[Outcome]:
    """Runs a.episodes episodes, seeds a.seed on, over a.sessions sessions,
    and prints a summary line:

        NAME: family=F horizon=H episodes=N success=K/N (P%) optimal=...
    """
    seeds = list(range(a.seed, a.seed + a.episodes))
    outcomes: List[Outcome] = []
    lock = threading.Lock()
    start = time.monotonic()

    def worker(k: int) -> None:
        env = FormplanEnv(a.url, token=a.token)
        try:
            for seed in seeds[k::a.sessions]:
                try:
                    o = episode(env, seed)
                except FormplanEnvError as e:
                    o = Outcome(seed=seed, error=f"server error {e.code}: {e.message}")
                    if e.code in ("CONNECT_FAILED", "UNAUTHORIZED", "VALIDATION_ERROR"):
                        # The same for every seed: say it once and stop.
                        with lock:
                            outcomes.append(o)
                        raise
                with lock:
                    outcomes.append(o)
                    if a.verbose or o.error:
                        print(f"{name}: seed {o.seed}: reward {o.reward:g}, {o.steps} steps (optimal {o.optimal})"
                              + (f", {o.invalid} invalid" if o.invalid else "")
                              + (f": {o.error}" if o.error else ""), file=sys.stderr, flush=True)
        finally:
            env.close()

    fatal = None
    with ThreadPoolExecutor(max_workers=a.sessions) as pool:
        for f in [pool.submit(worker, k) for k in range(a.sessions)]:
            try:
                f.result()
            except FormplanEnvError as e:
                fatal = e
    wall = time.monotonic() - start
    if fatal is not None:
        print(f"{name}: stopped: {fatal.code}: {fatal.message}", file=sys.stderr)
    n = len(outcomes)
    ok = sum(o.success for o in outcomes)
    optimal = sum(o.success and o.steps == o.optimal for o in outcomes)
    steps = sum(o.steps for o in outcomes)
    opt_steps = sum(o.optimal for o in outcomes)
    invalid = sum(o.invalid for o in outcomes)
    deferred = sum(o.deferred for o in outcomes)
    deferred_eps = sum(o.deferred > 0 for o in outcomes)
    pct = lambda k: 100.0 * k / n if n else 0.0  # noqa: E731
    print(f"{name}: family={a.family} horizon={a.horizon} start={a.start or 'clean'} episodes={n}"
          f" success={ok}/{n} ({pct(ok):.1f}%) optimal={optimal}/{n} ({pct(optimal):.1f}%)"
          f" steps={steps} optimal_steps={opt_steps} invalid_steps={invalid}"
          + (f" deferred={deferred} deferred_episodes={deferred_eps}" if deferred else "") +
          f" wall={wall:.1f}s ({wall / max(n, 1):.3f} s/episode)", flush=True)
    if fatal is not None or n != a.episodes:
        sys.exit(2)
    return outcomes
