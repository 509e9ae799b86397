"""Shared test helpers: the judge's sample and the installed console script."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import settings

# CI draws the same examples every run, so a red build can be reproduced.
settings.register_profile("ci", derandomize=True, deadline=None)
if os.environ.get("CI"):
    settings.load_profile("ci")

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
SAMPLE_IN = DATA / "hdu4069-sample.in"
SAMPLE_OUT = DATA / "hdu4069-sample.out"


def console_script() -> str:
    """The installed `squiggly-cp`: beside this interpreter first, then on PATH."""
    here = Path(sys.executable).parent / "squiggly-cp"
    found = str(here) if here.exists() else shutil.which("squiggly-cp")
    if not found:
        pytest.fail("the squiggly-cp console script is not installed (pip install '.[test]')")
    return found


def cli_env() -> dict[str, str]:
    """The environment for the console script: without PYTHON* variables
    (PYTHONUNBUFFERED would hide how the command buffers its output)."""
    return {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}


def run_cli(
    *args: str, stdin: bytes | None = None, timeout: float = 600
) -> subprocess.CompletedProcess[bytes]:
    """Run the installed console script; stdout and stderr are captured as bytes."""
    return subprocess.run(
        [console_script(), *args],
        input=stdin if stdin is not None else b"",
        capture_output=True,
        timeout=timeout,
        env=cli_env(),
        check=False,
    )


def sample_tokens() -> list[str]:
    return SAMPLE_IN.read_text().split()
