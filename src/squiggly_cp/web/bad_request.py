"""The one error the workbench's answers raise."""

from __future__ import annotations

__all__ = ["BadRequest"]


class BadRequest(Exception):
    """A request the workbench cannot answer: its one-line reason (HTTP 400)."""
