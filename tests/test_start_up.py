"""Issue 29, start-up: what each command imports and compiles is deferred to where it is
needed, and deferring never changes what a command does.

The patterns compiled on first use (`pbwcombat.patterns`) are skipped when a cheap test shows
they cannot match; those tests must give exactly what the pattern gives (R-OUT-7)."""

from __future__ import annotations

import pytest

from pbwcombat.render import markup

TEXTS = [
    "hero", "Ogre", "Gob 8)", "O:-) saint", "smile :) again", "no smile : ) here", "???",
    "bob@host.tld", "see www.example.com now", "https://x.org/a", "a.b", "end.", "3.5",
    "mailto:bob", "C:-)", "::)", "ratio 8O", "Orc chief", "x:y", "www2.site",
]


@pytest.mark.parametrize("text", TEXTS)
def test_R_OUT_7_unsmiley_skips_only_text_without_a_smiley_code(text: str) -> None:
    full = markup._SMILEY().sub(lambda m: m.group(0).translate(markup._FULLWIDTH), text)
    assert markup.unsmiley(text) == full


@pytest.mark.parametrize("text", TEXTS)
def test_R_OUT_7_unlink_skips_only_text_without_a_colon_or_a_dot(text: str) -> None:
    full = markup._SCHEME().sub(markup.FULLWIDTH_COLON, text)
    full = markup._HOSTLIKE().sub(lambda m: m.group(0).replace(".", markup.ONE_DOT_LEADER),
                                  full)
    assert markup.unlink(text) == full
