"""The public library API: every name of `squiggly_cp.__all__` loads from the
package itself, lazily, and works as the README's Library section shows."""

from __future__ import annotations

import subprocess
import sys

import squiggly_cp
from conftest import SAMPLE_IN, SAMPLE_OUT


def test_every_public_name_loads():
    for name in squiggly_cp.__all__:
        value = getattr(squiggly_cp, name)
        assert getattr(value, "__name__", name) == name or name in ("Grid", "ENGINES")
    assert set(squiggly_cp.__all__) <= set(dir(squiggly_cp))


def test_an_unknown_name_is_an_attribute_error():
    try:
        squiggly_cp.no_such_name  # noqa: B018
    except AttributeError as e:
        assert "no_such_name" in str(e)
    else:
        raise AssertionError("no AttributeError")


def test_importing_the_package_loads_nothing_heavy():
    code = (
        "import sys, squiggly_cp\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('ortools', 'click', 'squiggly_cp')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['squiggly_cp']"


def test_the_readme_example_answers_the_sample():
    """The README's Library example, as written there, gives the judge's verdicts."""
    from squiggly_cp import InputError, Verdict, classify, format_result, read_hdu

    out = []
    with open(SAMPLE_IN, "rb") as f:
        for case in read_hdu(f):
            assert not isinstance(case, InputError)
            result = classify(case.puzzle)
            out.append(format_result(case.number, result))
    assert "".join(out) == SAMPLE_OUT.read_text()
    assert Verdict.UNIQUE.value == "unique"
