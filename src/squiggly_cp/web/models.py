"""The workbench API's request models: what each endpoint's JSON body may
hold, checked (and documented in the OpenAPI schema) before any work starts."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from ..core.puzzle import MAX_SIZE, MIN_SIZE

Scale = Literal["default", "se"]
Client = Annotated[
    StrictStr | None,
    Field(
        max_length=100,
        description="An id of the page sending the request: a newer request to the same endpoint "
        "from the same client cancels this one's work (answered 409).",
    ),
]
SeveralWithin = Annotated[
    float | None,
    Field(
        ge=0,
        description="Seconds to look for it on a puzzle of several solutions before answering "
        '`"verdict": "multiple"` with a reason to add givens first (the page sends 2: a sparse '
        "16x16 being set can take the whole time limit and give a setter nothing); none: the "
        "whole time limit, as the command.",
    ),
]
PuzzleText = Annotated[
    StrictStr,
    Field(
        description="The puzzle as text in any format squiggly-cp reads (hdu, grid, line, plain, "
        "f-puzzles JSON or link, SudokuPad, Solo or SudokuWiki link)."
    ),
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class AnalyseRequest(_Strict):
    puzzle: PuzzleText
    scale: Scale = Field("default", description="The scale of `rating`.")
    scales: list[Scale] | None = Field(
        None, max_length=2, description="Also rate on these scales: `ratings` holds each."
    )
    rate: bool = Field(True, description="false: no rating (the rest comes sooner).")
    fix: bool = Field(True, description="false: no given that fixes a puzzle of several solutions is sought.")
    candidates: bool = Field(True, description="false: no true candidates for a puzzle of several "
                             "solutions (the verdict comes sooner; ask /api/candidates for them).")
    shrink: bool = Field(True, description="false: the conflict of a puzzle with no solution is the "
                         "first one proved, not shrunk (`conflict_minimal` false; the verdict comes sooner).")
    client: Client = None


class PositionRequest(_Strict):
    puzzle: Annotated[
        StrictStr,
        Field(
            description="A position, as `squiggly-cp hint` reads it: a puzzle in any format, an "
            "f-puzzles or SudokuPad puzzle with entered digits and centre pencil marks, or the "
            "position `logic` prints where it stops."
        ),
    ]
    scale: Scale = "default"
    several_within: SeveralWithin = None
    client: Client = None


class StepsRequest(_Strict):
    puzzle: PuzzleText
    scale: Scale = "default"
    several_within: SeveralWithin = None
    client: Client = None


class CandidatesRequest(_Strict):
    puzzle: PuzzleText
    solutions: list[Annotated[StrictStr, Field(max_length=MAX_SIZE * MAX_SIZE)]] | None = Field(
        None,
        max_length=1000,
        description="Completed grids (line form) to start from: those the last answers gave, for this "
        "puzzle or the one before an edit. Those that are not solutions of the puzzle are ignored.",
    )
    excluded: list[Annotated[StrictStr, Field(max_length=MAX_SIZE)]] | None = Field(
        None,
        max_length=MAX_SIZE * MAX_SIZE,
        description="Per cell, digits a last answer proved impossible (its `excluded`), for this puzzle "
        "or one with fewer givens: taken as proved.",
    )
    found: list[Annotated[StrictStr, Field(max_length=MAX_SIZE)]] | None = Field(
        None,
        max_length=MAX_SIZE * MAX_SIZE,
        description="Per cell, the candidates a last answer for this very puzzle found (its "
        "`candidates`): taken as found.",
    )
    client: Client = None


class ConvertRequest(_Strict):
    puzzle: PuzzleText
    to: StrictStr = Field(
        description="A format: hdu, grid, line, fpuzzles, plain, sudokupad, solo, sudokuwiki."
    )
    client: Client = None


class ReadRequest(_Strict):
    puzzle: PuzzleText
    line_rules: list[Annotated[StrictStr, Field(max_length=100)]] | None = Field(
        None,
        max_length=64,
        description="What SudokuPad lines of a colour mean, as `--line-rule`: `COLOUR=KIND` or "
        "`COLOUR=KIND:N` (`#67f067=whispers:5`), over the drawing and the rules text.",
    )
    client: Client = None


class SvgRequest(_Strict):
    puzzle: PuzzleText
    colours: list[Annotated[StrictInt, Field(ge=0)]] | None = Field(None, max_length=MAX_SIZE)
    client: Client = None


class GenerateRequest(_Strict):
    size: StrictInt = Field(9, ge=MIN_SIZE, le=MAX_SIZE)
    regions: list[StrictInt] | None = Field(
        None, max_length=MAX_SIZE * MAX_SIZE, description="The layout to fill: N² region labels, row by row."
    )
    difficulty: Literal["easy", "medium", "hard", "fiendish", "beyond"] | None = None
    rating: tuple[float, float] | None = Field(None, description="An ER range, [low, high], on `scale`.")
    scale: Scale = Field("default", description="The scale of `difficulty` and `rating`: ours or SE's.")
    symmetry: Literal["none", "rot2", "rot4", "mirror-lr", "mirror-ud", "mirror-both", "diagonal",
                      "antidiagonal", "diagonal-both", "all"] = "none"  # fmt: skip
    seed: StrictInt | None = Field(None, ge=-(2**63), le=2**63 - 1, description="Same seed, same puzzle.")
    rules: dict[str, Any] | None = Field(None, description="Rules to keep: f-puzzles keys, as `rule_keys`.")
    client: Client = None
