"""Hidden information without a referee (issue 18): each side's private part, salted
commitments in the public save, openings in the signed messages a step already waits for,
and the deferred check `pbem verify DIR --private PART` (docs/hidden-information.md).

    pbem.hidden.commit    salts (derived from the owner's key), commitments, openings
    pbem.hidden.private   a side's private part: DIR.private-SIDE/NNNN.yaml, never sent
    pbem.hidden.rules     HiddenRules: what a game implements to hide items (its fog of war)
    pbem.hidden.steps     the core's use of them: sealing an owner step, opening items, checks
"""

from .commit import Opening, check_opening, commitment, salt_master, item_salt
from .private import PrivatePart, default_private_folder
from .rules import HiddenRules

__all__ = ["HiddenRules", "Opening", "PrivatePart", "check_opening", "commitment", "default_private_folder",
           "item_salt", "salt_master"]
