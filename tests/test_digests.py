"""Issue 29, start-up: pbwcombat.digests hashes without OpenSSL (hashlib) for small inputs;
every digest, and so every die face (R-DIC-2) and journal seal (R-LOG-3), is byte-identical
to what hashlib and hmac give."""

from __future__ import annotations

import hashlib
import hmac
import os
import subprocess
import sys
from pathlib import Path

from helpers import NOW, duel, ref_face
from hypothesis import given, settings
from hypothesis import strategies as st

from pbwcombat import digests
from pbwcombat.dice import PaddedDiceSource, generated_face, generator_key, sampled_face

PBW = str(Path(sys.executable).parent / "pbwcombat")


@settings(max_examples=400, deadline=None)
@given(st.binary(max_size=300))
def test_sha256_matches_hashlib(data: bytes) -> None:
    want = hashlib.sha256(data)
    assert digests.sha256_hex(data) == want.hexdigest()
    assert digests.sha256_bytes(data) == want.digest()
    assert digests.sha256_hex(memoryview(data)[1:]) == hashlib.sha256(data[1:]).hexdigest()


def test_sha256_of_large_inputs_and_fed_in_pieces_matches_hashlib() -> None:
    """Around `LARGE` (where OpenSSL takes over) and fed in chunks, as `store.digest_head`
    feeds the journal."""
    block = os.urandom(digests.LARGE + 3)
    for size in (0, 1, 63, 64, 65, digests.LARGE - 1, digests.LARGE, digests.LARGE + 3):
        assert digests.sha256_hex(block[:size]) == hashlib.sha256(block[:size]).hexdigest()
        for expected in (0, size, digests.LARGE):
            h = digests.sha256(block[:size // 3], expected=expected)
            h.update(memoryview(block)[size // 3:size])
            assert h.hexdigest() == hashlib.sha256(block[:size]).hexdigest(), (size, expected)


@settings(max_examples=400, deadline=None)
@given(st.binary(max_size=150), st.binary(max_size=80))
def test_R_DIC_2_hmac_sha256_matches_hmac_for_keys_short_and_longer_than_a_block(
        key: bytes, message: bytes) -> None:
    assert digests.hmac_sha256(key, message) == hmac.digest(key, message, "sha256")
    inner, outer = digests.hmac_pads(key)
    inner.update(message)
    outer.update(inner.digest())
    assert outer.digest() == hmac.new(key, message, hashlib.sha256).digest()


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=40), st.integers(min_value=1, max_value=32))
def test_blake2b_matches_hashlib(data: bytes, size: int) -> None:
    assert digests.blake2b(data, size) == hashlib.blake2b(data, digest_size=size).digest()


def test_R_DIC_2_faces_match_the_reference_generator_on_many_dice() -> None:
    """Die n's face under many keys (seed alone, seed with salt), every common die and a few
    odd ones: the commands' generator, the simulator's padded source and R-DIC-2 as written
    (hmac with hashlib) agree."""
    for seed_i in range(12):
        seed = hashlib.sha256(b"seed %d" % seed_i).digest()
        key = generator_key(seed, f"players {seed_i}" if seed_i % 2 else "")
        assert key == (hashlib.sha256(seed + b"players %d" % seed_i).digest()
                       if seed_i % 2 else seed)
        padded = PaddedDiceSource(key, 0)
        padded.pads()
        for n in range(60):
            for sides in (2, 3, 4, 6, 7, 8, 10, 12, 20, 100, 1000):
                want = ref_face(key, n, sides)
                assert generated_face(key, n, sides) == want, (seed_i, n, sides)
                assert sampled_face(padded.mac, n, sides) == want, (seed_i, n, sides)


def test_an_attack_runs_without_loading_openssl(tmp_path: Path) -> None:
    """Issue 29: a command hashes its journal lines and draws its dice without `hashlib`
    (OpenSSL's `_hashlib`, 12 M instructions of start-up)."""
    fight = tmp_path / "duel.toml"
    fight.write_text(duel(), encoding="utf-8")
    env = dict(os.environ, PBWCOMBAT_NOW=NOW)
    subprocess.run([PBW, "roll-initiative", str(fight)], env=env, check=True,
                   capture_output=True)
    probe = ("import sys\nfrom pbwcombat.cli import main\ntry:\n    main(sys.argv[1:])\n"
             "finally:\n    sys.stderr.write(' '.join(m for m in ('hashlib', '_hashlib', 'hmac')"
             " if m in sys.modules))\n")
    done = subprocess.run([sys.executable, "-c", probe, "attack", str(fight), "hero", "orc",
                           "--force"], env=env, capture_output=True, text=True, timeout=120,
                          check=True)
    assert done.stderr == ""
    assert "Sword" in done.stdout  # the attack was made (exit 0: check=True)
