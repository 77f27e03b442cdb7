"""Who a player is, asked of JupyterHub (the table server as a JupyterHub service).

When ``tricktutor tables serve`` runs as a JupyterHub service, the hub sets
``JUPYTERHUB_API_URL`` (and ``JUPYTERHUB_SERVICE_NAME``,
``JUPYTERHUB_SERVICE_PREFIX`` …) in its environment.  A player whose page
runs inside the hub (Voila or a notebook: the kernel has the user's own
``JUPYTERHUB_API_TOKEN``) sends that token once, in the ``hello`` frame
(``hub_token``, docs/TABLE_PROTOCOL.md); :class:`HubIdentity` asks the hub
whose it is the way JupyterHub documents for services (``HubAuth.user_for_token``):
``GET {JUPYTERHUB_API_URL}/user`` with ``Authorization: token …``.  The hub
answers with the token's owner (``name``, ``admin``, ``groups``: every token
may read its own) and the token's ``scopes``, which must hold the service's
access scope (``access:services!service=NAME``, or what
``JUPYTERHUB_OAUTH_ACCESS_SCOPES`` names), as HubAuth requires.

The answer is a :class:`HubUser` (the hub name, and whether the configuration
makes this user a teacher: a hub admin with ``teacher_admins``, a member of
one of ``teacher_groups``) or a :class:`~tutor.tables_server.protocol.FrameError`:
a code and data, never a sentence (``hub_bad_token``: no user owns the token;
``hub_no_access``: its scopes lack the service's access scope;
``hub_unavailable``: the hub did not answer, or not as a hub).
A token's answer is cached for ``cache_seconds`` under the token's SHA-256
digest; the token itself is kept nowhere, written to no log and no database.
The HTTP call is tornado's :class:`~tornado.httpclient.AsyncHTTPClient`
(tornado is the server's library already): jupyterhub itself is not needed.
"""
from __future__ import annotations

import hashlib
import json
import logging
import time
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from tornado.httpclient import AsyncHTTPClient, HTTPRequest

from .protocol import FrameError

__all__ = ["HubUser", "HubIdentity", "access_scopes_from_env", "has_scope"]

log = logging.getLogger("tricktutor.tables.hub")

#: Most answers kept at once (a flood of distinct bad tokens cannot grow the cache without end).
_CACHE_MAX = 4096


@dataclass(frozen=True)
class HubUser:
    """A player the hub vouched for: the hub ``name``, and ``teacher`` when the configuration says so."""

    name: str
    teacher: bool = False


def access_scopes_from_env(env: Mapping[str, str]) -> frozenset[str]:
    """The scopes a token needs to use this service, as JupyterHub's HubAuth
    reads them: ``JUPYTERHUB_OAUTH_ACCESS_SCOPES`` (a JSON list), else
    ``access:services!service=$JUPYTERHUB_SERVICE_NAME``; none when neither is set."""
    text = env.get("JUPYTERHUB_OAUTH_ACCESS_SCOPES") or env.get("JUPYTERHUB_OAUTH_SCOPES")
    if text:
        try:
            scopes = json.loads(text)
        except ValueError:
            scopes = None
        if isinstance(scopes, list) and all(isinstance(s, str) for s in scopes):
            return frozenset(scopes)
    name = env.get("JUPYTERHUB_SERVICE_NAME")
    return frozenset({f"access:services!service={name}"}) if name else frozenset()


def has_scope(required: Iterable[str], held: Iterable[str]) -> bool:
    """Whether ``held`` grants any of ``required``: the scope itself, or the same
    scope without a filter (``access:services`` grants ``access:services!service=tables``).
    Nothing required: True."""
    need = set(required)
    if not need:
        return True
    have = set(held)
    return any(r in have or r.split("!", 1)[0] in have for r in need)


class HubIdentity:
    """Asks the hub at ``api_url`` (``http://127.0.0.1:8081/hub/api``) who owns a token.

    ``access_scopes``: a token must hold one of them (:func:`has_scope`);
    ``teacher_groups``: hub groups whose members get the teacher role;
    ``teacher_admins``: hub admins get it too."""

    def __init__(self, api_url: str, access_scopes: Iterable[str] = (), teacher_groups: Iterable[str] = (),
                 teacher_admins: bool = False, cache_seconds: float = 60.0, timeout: float = 5.0) -> None:
        self.user_url = api_url.rstrip("/") + "/user"
        self.access_scopes = frozenset(access_scopes)
        self.teacher_groups = frozenset(teacher_groups)
        self.teacher_admins = teacher_admins
        self.cache_seconds = cache_seconds
        self.timeout = timeout
        self._cache: dict[str, tuple[float, HubUser | FrameError]] = {}
        self.asked = 0   # requests made to the hub (the cache's effect, for tests)

    def is_teacher(self, model: Mapping[str, Any]) -> bool:
        """What the configuration makes of a hub user's model: a teacher or not."""
        if self.teacher_admins and model.get("admin") is True:
            return True
        groups = model.get("groups")
        return isinstance(groups, list) and any(isinstance(g, str) and g in self.teacher_groups for g in groups)

    async def identify(self, token: str) -> HubUser:
        """The hub user owning ``token``; FrameError ``hub_bad_token``, ``hub_no_access``
        or ``hub_unavailable`` otherwise."""
        key = hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()
        now = time.monotonic()
        hit = self._cache.get(key)
        if hit is not None and hit[0] > now:
            return self._result(hit[1])
        result = await self._ask(token)
        if len(self._cache) >= _CACHE_MAX:
            self._cache = {k: v for k, v in self._cache.items() if v[0] > now}
            if len(self._cache) >= _CACHE_MAX:
                self._cache.clear()
        self._cache[key] = (now + self.cache_seconds, result)
        return self._result(result)

    @staticmethod
    def _result(result: HubUser | FrameError) -> HubUser:
        if isinstance(result, FrameError):
            raise FrameError(result.code, **result.data)
        return result

    async def _ask(self, token: str) -> HubUser | FrameError:
        """One request to the hub.  An answer about the token (a user, or no
        user) is returned, to be cached; a hub that does not answer raises
        ``hub_unavailable`` (not cached: the next hello asks again)."""
        self.asked += 1
        request = HTTPRequest(self.user_url, method="GET", headers={"Authorization": f"token {token}",
                                                                    "Accept": "application/json"},
                              connect_timeout=self.timeout, request_timeout=self.timeout, follow_redirects=False)
        try:
            response = await AsyncHTTPClient().fetch(request, raise_error=False)
        except Exception as e:  # noqa: BLE001 - refused, timed out, a bad address: the hub is not there
            raise _unavailable(e) from None
        if response.code == 599:
            raise _unavailable(response.error)
        if response.code in (401, 403):
            return FrameError("hub_bad_token")
        if response.code != 200:
            log.warning("the hub's API answered HTTP %s", response.code)
            raise FrameError("hub_unavailable", status=response.code)
        try:
            model = json.loads(response.body)
        except ValueError:
            model = None
        if not isinstance(model, dict) or not isinstance(model.get("name"), str) or not model["name"]:
            raise FrameError("hub_unavailable", why="answer")
        if model.get("kind", "user") != "user":
            return FrameError("hub_bad_token", kind=str(model.get("kind"))[:20])
        scopes = model.get("scopes")
        if self.access_scopes and not has_scope(self.access_scopes, scopes if isinstance(scopes, list) else ()):
            return FrameError("hub_no_access", scopes=sorted(self.access_scopes))
        return HubUser(model["name"][:200], self.is_teacher(model))


def _unavailable(e: BaseException | None) -> FrameError:
    """``hub_unavailable`` for a request that got no answer (logged by the
    error's kind only: a message could quote the request)."""
    kind = type(e).__name__ if e is not None else "none"
    log.warning("the hub's API did not answer (%s)", kind)
    return FrameError("hub_unavailable", why="timeout" if "Timeout" in kind else "connect")
