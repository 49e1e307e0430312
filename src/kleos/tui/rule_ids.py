"""Looking a rule ID up in a rules text, for ``rules WORD`` in the plain terminal and ``kleos rules GAME
TOPIC``: the log and the menus cite single rules ("P-MOVE-7"), the references often a range of them
("P-MOVE-6..9"), so a rule is found in a range that holds it, and "P-MOVE-1" is not found in "P-MOVE-16".
"""

from __future__ import annotations

import re

RULE_ID = re.compile(r"([a-z](?:-[a-z0-9]+)+)-(\d+)", re.IGNORECASE)
"""A rule ID as the specifications write them: a prefix (``P-MOVE``, ``R-ACT-TRIBUTE``, ``P-300``) and a
number."""


def names(text: str, needle: str) -> bool:
    """Whether ``text`` names ``needle``, ignoring case: a rule ID as itself or within a range that holds
    it, and not as the start of a longer one; anything else as part of the text."""
    rule = RULE_ID.fullmatch(needle.strip())
    if rule is None:
        return needle.casefold() in text.casefold()
    prefix, number = rule.group(1), int(rule.group(2))
    cited = re.finditer(rf"(?<![a-z0-9-]){re.escape(prefix)}-(\d+)(?:\.\.(\d+))?(?!\d)", text, re.IGNORECASE)
    return any(int(found.group(1)) <= number <= int(found.group(2) or found.group(1)) for found in cited)
