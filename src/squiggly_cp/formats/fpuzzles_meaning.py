"""Where f-puzzles reads a rule otherwise than this tool does (`check_shared_meaning`):
f-puzzles' non-consecutive beside the white negative constraint, X and V of
other sums, dots of another value beside a negative constraint or
non-consecutive, a repeated quadruple digit. The f-puzzles reader and writer
refuse such a rule in one line rather than change its meaning."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.rules import Apart, Dot, NoOtherDots, Quadruple, Rule

__all__ = ["RuleProblem", "check_shared_meaning"]


class RuleProblem(ValueError):
    """A rule entry that cannot be read, or a rule f-puzzles cannot hold; the message names the rule."""




def check_shared_meaning(rules: Sequence[Rule], size: int) -> None:
    """Raise `RuleProblem` where f-puzzles reads ``rules`` otherwise than this tool does."""
    problem = _parted(rules, size)
    if problem:
        rule, why = problem
        raise RuleProblem(f"{rule.describe(size)}: {why}")


def _parted(rules: Sequence[Rule], size: int) -> tuple[Rule, str] | None:
    """The first rule whose meaning f-puzzles does not share, and why."""
    negative = {rule.style for rule in rules if isinstance(rule, NoOtherDots)}
    apart = Apart("nonconsecutive") in rules
    if apart and "white" in negative:
        return Apart("nonconsecutive"), "f-puzzles writes it and the white negative constraint alike"
    for dot in (rule for rule in rules if isinstance(rule, Dot)):
        why = _dot_parted(dot, negative, apart, size)
        if why:
            return dot, why
    for quad in (rule for rule in rules if isinstance(rule, Quadruple)):
        if len(set(quad.digits)) != len(quad.digits):
            return quad, "f-puzzles asks a repeated digit once, not twice"
    return None


def _dot_parted(dot: Dot, negative: set[str], apart: bool, size: int) -> str:
    """Why f-puzzles reads ``dot`` (with the negative rules and non-consecutive) otherwise, or ``""``."""
    if dot.style in ("x", "v") and dot.amount != {"x": 10, "v": 5}[dot.style]:
        return "f-puzzles' X and V are sums of 10 and 5 only"
    if dot.style == "black" and "black" in negative and dot.amount != 2:
        return "with the black negative constraint f-puzzles forbids this ratio between other cells too"
    if dot.style == "white" and "white" in negative and dot.amount != 1:
        return "with the white negative constraint f-puzzles forbids this difference between other cells too"
    if dot.style == "black" and dot.amount == 2 and apart:
        return "f-puzzles lets a 1 and a 2 sit at a black dot despite its non-consecutive rule"
    if dot.style == "white" and dot.amount == 1 and apart:
        return "with the non-consecutive constraint f-puzzles lets the cells at a white dot be consecutive"
    return ""
