"""SHA-256, HMAC-SHA256 and BLAKE2b without importing hashlib for small inputs.

`import hashlib` loads OpenSSL's `_hashlib` (12 M instructions, 3 % of a command's start-up
floor, issue 29); `hmac` imports it too. What a command hashes is mostly small (a line of
the journal, a key, a seed, an encounter file), and CPython's own `_sha256` (`_sha2` from
3.12) and `_blake2` give the same digests without the library. OpenSSL is faster on long
inputs (0.8 ms against 5.7 ms a MiB here), so an input of `LARGE` bytes or more, where its
import costs less than the slower hashing, goes to hashlib, imported then. Where the
builtin modules are missing (another interpreter), hashlib does everything.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any


def _builtin(module: str, name: str) -> Any:
    """CPython's own hash constructor `module.name`, or None where the interpreter lacks it."""
    try:
        return getattr(__import__(module), name)
    except (ImportError, AttributeError):  # pragma: no cover - the interpreter decides
        return None


_builtin_sha256: Any = _builtin("_sha256", "sha256") or _builtin("_sha2", "sha256")  # ≤ / ≥ 3.12
_builtin_blake2b: Any = _builtin("_blake2", "blake2b")

LARGE = 1 << 19  # bytes from which hashlib (OpenSSL) is worth its import


def sha256(data: bytes | bytearray | memoryview = b"", expected: int = 0) -> Any:
    """A SHA-256 object fed `data`; `expected`: how many bytes the caller will feed in all
    (when more than `data`), which decides between the builtin and OpenSSL."""
    if _builtin_sha256 is None or max(len(data), expected) >= LARGE:
        import hashlib

        return hashlib.sha256(data)
    return _builtin_sha256(data)


def sha256_hex(data: bytes | bytearray | memoryview) -> str:
    """The SHA-256 of `data` in hexadecimal."""
    hexed: str = sha256(data).hexdigest()
    return hexed


def sha256_bytes(data: bytes | bytearray | memoryview) -> bytes:
    """The SHA-256 of `data`, 32 bytes."""
    raw: bytes = sha256(data).digest()
    return raw


# RFC 2104's pads as byte tables: key ⊕ ipad is `key.translate(_IPAD)`, one C call (a run
# of `odds` hashes its own key's pads; a generator over 64 bytes cost ~10 µs a fight)
_IPAD = bytes(b ^ 0x36 for b in range(256))
_OPAD = bytes(b ^ 0x5C for b in range(256))


def hmac_pads(key: bytes) -> tuple[Any, Any]:
    """RFC 2104's two SHA-256 states, after key ⊕ ipad and after key ⊕ opad (a key longer
    than SHA-256's 64-byte block is hashed first). Fresh objects: the caller may feed them."""
    if len(key) > 64:
        key = sha256_bytes(key)
    key = key.ljust(64, b"\0")
    return sha256(key.translate(_IPAD)), sha256(key.translate(_OPAD))


@lru_cache(maxsize=8)
def _pads(key: bytes) -> tuple[Any, Any]:
    """`hmac_pads` once per key (a command draws all its dice under one): copied, never fed."""
    return hmac_pads(key)


def hmac_sha256(key: bytes, message: bytes) -> bytes:
    """HMAC-SHA256(key, message) = H(K⊕opad ‖ H(K⊕ipad ‖ message)), as `hmac.digest(key,
    message, "sha256")` gives it."""
    inner_pad, outer_pad = _pads(key)
    inner = inner_pad.copy()
    inner.update(message)
    outer = outer_pad.copy()
    outer.update(inner.digest())
    digest: bytes = outer.digest()
    return digest


def blake2b(data: bytes, digest_size: int) -> bytes:
    """The BLAKE2b digest of `data`, `digest_size` bytes."""
    if _builtin_blake2b is None:  # pragma: no cover - the interpreter decides
        import hashlib

        return hashlib.blake2b(data, digest_size=digest_size).digest()
    raw: bytes = _builtin_blake2b(data, digest_size=digest_size).digest()
    return raw
