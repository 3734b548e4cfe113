"""A synchronous client of ``gen serve``'s OpenEnv WebSocket protocol.

One :class:`FormplanEnv` holds one WebSocket session at ``/ws``, and so one
episode at a time::

    with FormplanEnv("http://127.0.0.1:8000") as env:
        result = env.reset(seed=3, family="checkboxes", horizon=2)
        while not result.done:
            result = env.step("click('e0')")
        print(result.reward)

The protocol is JSON text messages: the client sends
``{"type": "reset" | "step" | "state" | "close", "data": {...}}`` and the
server answers ``{"type": "observation" | "state" | "error", "data": ...}``
(nothing for close, after which the server closes the socket).

The client needs only the standard library and ``websockets`` (Debian 12's
python3-websockets, version 10.4, whose asyncio API it uses: it runs its
own event loop, so it works in plain synchronous code; do not call it from
a running event loop's thread).
"""

import asyncio
import inspect
import json
from dataclasses import dataclass, field
from typing import Any, Dict, Optional, Union
from urllib.parse import urlsplit, urlunsplit

import websockets
import websockets.exceptions

__all__ = ["FormplanEnv", "FormplanEnvError", "StepResult"]


@dataclass
class StepResult:
    """What a reset or a step returns, as OpenEnv's clients lay it out.

    observation is the server's observation object: task, screenshot
    (base64 PNG), width, height, text, boxes, step, budget,
    last_action_error, done, reward and metadata.
    """

    observation: Dict[str, Any] = field(default_factory=dict)
    reward: float = 0.0
    done: bool = False


class FormplanEnvError(Exception):
    """An error the server answered with, or a failure to talk to it.

    code is the server's error code (VALIDATION_ERROR, EXECUTION_ERROR,
    NO_EPISODE, EPISODE_DONE, CAPACITY_REACHED, SHUTTING_DOWN,
    UNKNOWN_TYPE, INVALID_JSON, SESSION_ERROR, UNAUTHORIZED, ...) or one of
    the client's own: CONNECT_FAILED, CONNECTION_CLOSED, TIMEOUT,
    PROTOCOL_ERROR. data is the error's whole data object.
    """

    def __init__(self, code: str, message: str, data: Optional[Dict[str, Any]] = None):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.data = data or {"code": code, "message": message}


def ws_url(base_url: str) -> str:
    """Returns the WebSocket URL of a server's base URL.

    http://host:port becomes ws://host:port/ws and https becomes wss; a
    ws:// or wss:// URL is taken as it is, with /ws added when it has no
    path.
    """
    parts = urlsplit(base_url.strip())
    scheme = {"http": "ws", "https": "wss", "ws": "ws", "wss": "wss"}.get(parts.scheme.lower())
    if scheme is None or not parts.netloc:
        raise ValueError(f"base_url {base_url!r}: want http://host:port, https://..., ws://... or wss://...")
    path = parts.path.rstrip("/")
    if parts.scheme.lower() in ("http", "https") or path == "":
        path += "/ws"
    return urlunsplit((scheme, parts.netloc, path, parts.query, ""))


def _header_kwarg() -> str:
    """The name websockets.connect gives its request headers argument:
    extra_headers up to websockets 13, additional_headers after."""
    try:
        params = inspect.signature(websockets.connect).parameters
    except (TypeError, ValueError):
        return "extra_headers"
    return "additional_headers" if "additional_headers" in params else "extra_headers"


class FormplanEnv:
    """A client of one ``gen serve`` WebSocket session.

    base_url is the server's address (http://127.0.0.1:8000); token is the
    bearer token the server wants, if any. The connection is opened on
    first use (or by connect()) and closed by close() or on leaving a with
    block. timeout bounds each request, in seconds.
    """

    def __init__(self, base_url: str, token: Optional[str] = None, timeout: float = 60.0,
                 max_message_bytes: int = 64 << 20):
        self.base_url = base_url
        self.url = ws_url(base_url)
        self.token = token
        self.timeout = timeout
        self.max_message_bytes = max_message_bytes
        self._loop: Optional[asyncio.AbstractEventLoop] = None
        self._ws = None
        self._closed = False

    # The context manager connects on entering and closes on leaving.
    def __enter__(self) -> "FormplanEnv":
        self.connect()
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    def connect(self) -> "FormplanEnv":
        """Opens the WebSocket session, if it is not open."""
        if self._closed:
            raise FormplanEnvError("CONNECTION_CLOSED", "the client is closed: create another")
        if self._ws is not None:
            return self
        if self._loop is None:
            self._loop = asyncio.new_event_loop()
        headers = {}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        kwargs = {"max_size": self.max_message_bytes, "open_timeout": self.timeout}
        if headers:
            kwargs[_header_kwarg()] = headers
        async def dial():
            return await websockets.connect(self.url, **kwargs)

        try:
            self._ws = self._loop.run_until_complete(dial())
        except websockets.exceptions.InvalidHandshake as e:
            status = getattr(e, "status_code", None)
            if status is None and getattr(e, "response", None) is not None:
                status = getattr(e.response, "status_code", None)
            code = "UNAUTHORIZED" if status == 401 else "CONNECT_FAILED"
            raise FormplanEnvError(code, f"connecting to {self.url}: {e}") from e
        except (OSError, asyncio.TimeoutError) as e:
            raise FormplanEnvError("CONNECT_FAILED", f"connecting to {self.url}: {e}") from e
        return self

    def reset(self, **kwargs) -> StepResult:
        """Starts a new episode and returns its first observation.

        The keyword arguments are the reset's fields: seed, family,
        horizon, start ("clean" or "mistakes"), mistakes, budget, observe
        (a list of "screenshot", "text", "boxes") and episode_id. Those
        given as None are left out, so the server's defaults apply.
        """
        data = {k: v for k, v in kwargs.items() if v is not None}
        return self._result(self._request({"type": "reset", "data": data}))

    def step(self, action: Union[str, Dict[str, Any]]) -> StepResult:
        """Applies one action and returns the next observation.

        action is the text an agent wrote: BrowserGym calls
        ("click('e3')", "fill('e4', '12')"), or a step of formplan's action
        language in English ("Check the 2nd checkbox") or JSON. A dict is
        sent as JSON text, the action language's JSON form
        ({"op": "set", "target": "the slider", "value": 4}).
        """
        if isinstance(action, dict):
            action = json.dumps(action)
        if not isinstance(action, str):
            raise TypeError(f"action is a {type(action).__name__}: want a str or a dict")
        return self._result(self._request({"type": "step", "data": {"action": action}}))

    def state(self) -> Dict[str, Any]:
        """Returns the episode's state: episode_id, step_count, seed, spec,
        done, reward, optimal and unmet."""
        reply = self._request({"type": "state"})
        if reply.get("type") != "state":
            raise FormplanEnvError("PROTOCOL_ERROR", f"a state request got a {reply.get('type')!r} message")
        return reply.get("data") or {}

    def close(self) -> None:
        """Ends the session: sends close, waits for the server to close the
        socket, and frees the event loop. Closing twice does nothing."""
        if self._closed:
            return
        self._closed = True
        loop, ws = self._loop, self._ws
        self._ws, self._loop = None, None
        if loop is None:
            return
        try:
            if ws is not None:
                loop.run_until_complete(self._close(ws))
        finally:
            loop.close()

    async def _close(self, ws) -> None:
        try:
            await asyncio.wait_for(ws.send(json.dumps({"type": "close"})), self.timeout)
            # The server sends no reply to close: it closes the socket.
            await asyncio.wait_for(ws.wait_closed(), min(self.timeout, 5))
        except Exception:
            pass
        finally:
            try:
                await asyncio.wait_for(ws.close(), 5)
            except Exception:
                pass

    def _request(self, msg: Dict[str, Any]) -> Dict[str, Any]:
        """Sends msg and returns the reply, raising FormplanEnvError on an
        error reply or a broken connection."""
        self.connect()
        try:
            raw = self._loop.run_until_complete(asyncio.wait_for(self._exchange(json.dumps(msg)), self.timeout))
        except asyncio.TimeoutError as e:
            self._drop()
            raise FormplanEnvError("TIMEOUT", f"no reply to {msg['type']} within {self.timeout:g} s") from e
        except websockets.exceptions.ConnectionClosed as e:
            self._drop()
            raise FormplanEnvError("CONNECTION_CLOSED", f"the server closed the session: {_close_text(e)}") from e
        try:
            reply = json.loads(raw)
        except ValueError as e:
            raise FormplanEnvError("PROTOCOL_ERROR", f"the reply is not JSON: {raw[:200]!r}") from e
        if not isinstance(reply, dict):
            raise FormplanEnvError("PROTOCOL_ERROR", f"the reply is no JSON object: {raw[:200]!r}")
        if reply.get("type") == "error":
            data = reply.get("data") or {}
            err = FormplanEnvError(str(data.get("code", "UNKNOWN")), str(data.get("message", "")), data)
            if err.code in ("CAPACITY_REACHED", "SHUTTING_DOWN", "SESSION_ERROR"):
                self._drop()  # the server closes the socket after these
            raise err
        return reply

    async def _exchange(self, text: str):
        try:
            await self._ws.send(text)
        except websockets.exceptions.ConnectionClosed:
            # A server that refuses a session (capacity, shutdown) sends an
            # error and closes: read the error, queued before the close, or
            # raise ConnectionClosed when there is none.
            return await self._ws.recv()
        return await self._ws.recv()

    def _drop(self) -> None:
        """Forgets a connection that is broken; the next request opens
        another."""
        ws, self._ws = self._ws, None
        if ws is not None and self._loop is not None:
            try:
                self._loop.run_until_complete(asyncio.wait_for(ws.close(), 5))
            except Exception:
                pass

    @staticmethod
    def _result(reply: Dict[str, Any]) -> StepResult:
        if reply.get("type") != "observation":
            raise FormplanEnvError("PROTOCOL_ERROR", f"want an observation message, got {reply.get('type')!r}")
        data = reply.get("data") or {}
        obs = data.get("observation") or {}
        return StepResult(observation=obs, reward=float(data.get("reward") or 0.0), done=bool(data.get("done")))


def _close_text(e) -> str:
    """The close code and reason of a ConnectionClosed, across websockets
    versions."""
    rcvd = getattr(e, "rcvd", None)
    if rcvd is not None:
        return f"code {rcvd.code}" + (f", {rcvd.reason}" if rcvd.reason else "")
    code, reason = getattr(e, "code", None), getattr(e, "reason", "")
    if code is not None:
        return f"code {code}" + (f", {reason}" if reason else "")
    return str(e)
