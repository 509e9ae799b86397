"""The two rating scales: which techniques the solver may use, in what order.

* ``default``: Sudoku Explainer's catalogue with its grades, plus the
  techniques a jigsaw solver also uses (the Law of Leftovers, common peers,
  franken fish, the W-wing), the easiest step first (the solver looks at
  all of them and takes the least difficulty). On this scale every region
  plays the part of SE's boxes, so it is never harder than SE's grading and
  easier exactly where a region is treated as a box or an extra technique
  applies.
* ``se``: Sudoku Explainer's catalogue with its grades, tried in its order,
  the first technique that finds anything winning (so its ER, EP and ED can
  be checked number for number). A region is a "box" only on a box layout;
  jigsaw regions grade like lines.

Both end with "trial", the last resort, used only when nothing else works
(on the default scale too, whatever a chain step's difficulty).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import chain
from operator import attrgetter

from . import (
    blocked,
    direct,
    dynamic,
    exclusion,
    fish,
    forcing,
    intersections,
    leftovers,
    relations,
    singles,
    subsets,
    sums,
    trial,
    uniqueness,
    wholes,
    wings,
)
from .step import Technique


@dataclass(frozen=True)
class Scale:
    """``finders`` in the order they are tried; ``easiest_first`` says whether the
    solver takes the least difficult step of all (else the first finder's first)."""

    name: str
    finders: tuple[Technique, ...]
    easiest_first: bool
    techniques: tuple[str, ...] = field(init=False)
    """Technique names in order; ``max_technique`` allows a name and every one before it."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "techniques", tuple(dict.fromkeys(t.name for t in self.finders)))

    @property
    def step_names(self) -> tuple[str, ...]:
        """The names steps on this scale carry (a technique's steps may have several)."""
        return tuple(dict.fromkeys(name for t in self.finders for name in t.step_names))

    @property
    def base_difficulty(self) -> dict[str, float]:
        out: dict[str, float] = {}
        for technique in self.finders:
            out.setdefault(technique.name, technique.difficulty)
        return out


def _named(finders: tuple[Technique, ...], *names: str) -> tuple[Technique, ...]:
    """The family modules' own records, picked by name, in the order of ``names``."""
    table = {t.name: t for t in finders}
    return tuple(table[name] for name in names)


DEFAULT = Scale(
    "default",
    tuple(
        sorted(
            chain(
                singles.FINDERS,
                direct.FINDERS,
                intersections.FINDERS,
                subsets.FINDERS,
                leftovers.FINDERS,
                relations.FINDERS,
                sums.FINDERS,
                wholes.FINDERS,
                blocked.FINDERS,
                fish.FINDERS,
                wings.FINDERS,
                uniqueness.FINDERS,
                exclusion.FINDERS,
                forcing.FINDERS,
                dynamic.FINDERS,
                trial.FINDERS,
            ),
            key=attrgetter("difficulty"),
        )
    ),
    easiest_first=True,
)

SE = Scale(
    "se",
    (
        relations.FINDERS[0],
        singles.SE_FINDERS["singles"],
        direct.SE_FINDERS["direct locking"],
        direct.SE_FINDERS["direct hidden pair"],
        singles.SE_FINDERS["naked single"],
        relations.FINDERS[1],
        *sums.FINDERS,
        *wholes.FINDERS,
        *blocked.FINDERS,
        direct.SE_FINDERS["direct hidden triplet"],
        intersections.SE_FINDERS["locking"],
        *_named(
            tuple(subsets.SE_FINDERS.values()) + tuple(fish.SE_FINDERS.values()) + wings.FINDERS,
            "naked pair",
            "x-wing",
            "hidden pair",
            "naked triple",
            "swordfish",
            "hidden triple",
            "xy-wing",
            "xyz-wing",
        ),
        uniqueness.SE_FINDERS["unique rectangle"],
        *_named(
            tuple(subsets.SE_FINDERS.values()) + tuple(fish.SE_FINDERS.values()),
            "naked quad",
            "jellyfish",
            "hidden quad",
        ),
        uniqueness.SE_FINDERS["bug"],
        exclusion.FINDERS[0],
        *forcing.FINDERS,
        exclusion.FINDERS[1],
        *dynamic.FINDERS,
        *trial.FINDERS,
    ),
    easiest_first=False,
)

SCALES: dict[str, Scale] = {scale.name: scale for scale in (DEFAULT, SE)}
